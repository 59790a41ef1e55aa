import type { MiddlewareHandler } from 'hono';
import { sha256Hex } from '../auth/tokens';
import type { AppEnv } from '../context';
import { AppError } from '../errors';

/** The person and the scopes behind the access token of an OB 3.0 resource call. */
export interface Ob3Grant {
  accountId: string;
  clientId: string;
  scopes: string[];
}

/** Where a live access token's grant is looked up (ob3api/tokens-repo.ts; given by its routes). */
export type FindGrant = (
  d1: D1Database,
  tokenHash: string,
  now: number,
) => Promise<{ accountId: string; clientId: string; scope: string } | null>;

export interface Ob3Env {
  Bindings: AppEnv['Bindings'];
  Variables: AppEnv['Variables'] & { ob3: Ob3Grant };
}

/**
 * OB 3.0 resource calls need a Bearer access token (RFC 6750 header form only: no token in the query
 * or body) that is live, not revoked, of an active account whose consent stands, and carries `scope`.
 * A wallet session cookie counts for nothing here.
 */
export function requireScope(scope: string, findGrant: FindGrant): MiddlewareHandler<Ob3Env> {
  return async (c, next) => {
    const match = /^Bearer ([A-Za-z0-9_-]{20,128})$/.exec(c.req.header('authorization')?.trim() ?? '');
    const grant = match?.[1] ? await findGrant(c.env.DB, await sha256Hex(match[1]), Date.now()) : null;
    if (!grant) throw new AppError('E401161');
    const scopes = grant.scope.split(' ');
    if (!scopes.includes(scope)) throw new AppError('E403160');
    c.set('ob3', { accountId: grant.accountId, clientId: grant.clientId, scopes });
    await next();
  };
}
