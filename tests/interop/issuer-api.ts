import { E2E_BASE } from '../../scripts/lib/e2e-server.mjs';

/** The local Worker's admin token (scripts/lib/local-vars.mjs), which may create issuers. */
export const ADMIN = 'lanyard-dev-admin-token';
/** A badge picture from the conformance fixtures. */
export const HEART = 'tests/fixtures/conformance/concentricsky-openbadges-bakery/public_domain_heart.png';

/** A POST to the Worker's issuer API with `token`, answering its JSON (status included). */
export async function issuerApi(fetcher: typeof fetch, path: string, token: string, body?: unknown) {
  const res = await fetcher(`${E2E_BASE}/api/issuer/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  return (await res.json()) as Record<string, unknown> & { status: number };
}
