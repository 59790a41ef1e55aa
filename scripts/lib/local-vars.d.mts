/** Types of local-vars.mjs for the TypeScript configuration files and tests. */
export interface LocalVars {
  PUBLIC_BASE_URL: string;
  ENVIRONMENT: string;
  MAIL_TRANSPORT: string;
  MAIL_FROM: string;
}
export const LOCAL_HOST: string;
export function localVars(port?: number, host?: string): LocalVars;
export const TEST_VARS: { PASSWORD_HASH_COST: string };
export function chainVars(rpcUrl: string): {
  CHAIN_RPC_URL: string;
  CHAIN_NETWORK: string;
  CHAIN_CONFIRMATIONS: string;
  CHAIN_PRIVATE_KEY: string;
};
export { portalVars } from '../portal/vars.mjs';
