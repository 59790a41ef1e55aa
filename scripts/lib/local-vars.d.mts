/** Types of local-vars.mjs for the TypeScript configuration files and tests. */
export interface LocalVars {
  PUBLIC_BASE_URL: string;
  ENVIRONMENT: string;
  MAIL_TRANSPORT: string;
  MAIL_FROM: string;
}
export function localVars(port?: number): LocalVars;
export function varFlags(vars: Record<string, string>): string[];
export function chainVars(rpcUrl: string): {
  CHAIN_RPC_URL: string;
  CHAIN_NETWORK: string;
  CHAIN_CONFIRMATIONS: string;
  CHAIN_PRIVATE_KEY: string;
};
/** PORTAL_PROVIDERS (JSON list) and PORTAL_CLIENT_SECRETS (JSON id -> secret) for a local portal. */
export function portalVars(
  portal: { issuer: string; clientSecret: string; clientId?: string },
  walletBase?: string,
): { PORTAL_PROVIDERS: string; PORTAL_CLIENT_SECRETS: string };
