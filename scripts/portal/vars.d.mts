/** Types of vars.mjs: PORTAL_PROVIDERS (JSON list) and PORTAL_CLIENT_SECRETS (JSON id -> secret) for a local portal. */
export function portalVars(
  portal: { issuer: string; clientSecret: string; clientId?: string },
  walletBase?: string,
): { PORTAL_PROVIDERS: string; PORTAL_CLIENT_SECRETS: string };
