import type { MiddlewareHandler } from 'hono';
import { sha256Hex } from '../auth/tokens';
import type { AppEnv } from '../context';
import { AppError } from '../errors';

/** Development-only admin token, so `npm start` and the tests can create issuers unconfigured. */
export const DEV_ADMIN_TOKEN = 'lanyard-dev-admin-token';

function bearer(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S{16,256})$/.exec(header ?? '');
  return m?.[1] ?? null;
}

/** Which issuer an API key's hash belongs to, if any (issuing/repo.ts; given by the issuing routes). */
export type IssuerOfKey = (d1: D1Database, keyHash: string) => Promise<string | null>;

/** Issuer API calls carry `Authorization: Bearer <api key>`; only the key's hash is stored. */
export function requireIssuerKey(issuerOfKey: IssuerOfKey): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = bearer(c.req.header('authorization'));
    const issuerId = key ? await issuerOfKey(c.env.DB, await sha256Hex(key)) : null;
    if (!issuerId) throw new AppError('E401101');
    c.set('issuerId', issuerId);
    await next();
  };
}

/** Creating an issuer needs the operator's admin token (ISSUER_ADMIN_TOKEN). */
export function requireAdminToken(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const expected = c.env.ISSUER_ADMIN_TOKEN ?? (c.env.ENVIRONMENT === 'production' ? null : DEV_ADMIN_TOKEN);
    const given = bearer(c.req.header('authorization'));
    // Compare digests so the comparison time says nothing about the token.
    if (!expected || !given || (await sha256Hex(given)) !== (await sha256Hex(expected))) throw new AppError('E401101');
    await next();
  };
}
