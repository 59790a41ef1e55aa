// The Worker variables of a local portal (re-exported by scripts/lib/local-vars.mjs). No Node
// imports here: tests/integration/setup.ts runs inside workerd and imports this file.
/**
 * The portal a local Worker signs people in with (issue 20): `portal` is what startPortal
 * (scripts/lib/portal.mjs) returned, or any `{ issuer, clientSecret }`. PORTAL_PROVIDERS is the
 * public list (production sets it in wrangler.toml); PORTAL_CLIENT_SECRETS maps provider id to client
 * secret (production: `wrangler secret put PORTAL_CLIENT_SECRETS`). Callers may pass the wallet base
 * as a second argument for readability; it is not needed (the Worker derives its redirect URIs).
 */
export function portalVars(portal) {
  return {
    PORTAL_PROVIDERS: JSON.stringify([
      {
        id: 'portal',
        name: 'Lanyard Portal',
        issuer: portal.issuer,
        client_id: portal.clientId ?? 'lanyard-local',
        algorithms: ['RS256', 'ES256'],
        logout: true,
        account_url: `${portal.issuer}/account`,
      },
    ]),
    PORTAL_CLIENT_SECRETS: JSON.stringify({ portal: portal.clientSecret }),
  };
}
