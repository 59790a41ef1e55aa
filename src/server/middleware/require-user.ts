import type { MiddlewareHandler } from 'hono';
import type { AppEnv, SessionUser } from '../context';
import { AppError } from '../errors';
import { findSessionUser } from '../auth/session-repo';
import { sha256Hex } from '../auth/tokens';

/** Reads `access_token` from a JSON body without consuming it for the route's validator. */
async function bodyToken(req: Request): Promise<string | null> {
  if (!(req.headers.get('content-type') ?? '').includes('application/json')) return null;
  try {
    const body = (await req.clone().json()) as { access_token?: unknown };
    return typeof body.access_token === 'string' && body.access_token.length <= 128 ? body.access_token : null;
  } catch {
    return null;
  }
}

/**
 * Wallet calls need a signed-in user: from the session cookie (loaded by loadSession) or from the
 * `access_token` in the body, as spec §7 allows. Otherwise 401 E401100 (the client goes to login).
 */
export function requireUser(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.var.user) {
      const token = await bodyToken(c.req.raw);
      const hash = token ? await sha256Hex(token) : null;
      const user = hash ? await findSessionUser(c.env.DB, hash, Date.now()) : null;
      if (!user) throw new AppError('E401100');
      c.set('user', user);
      c.set('sessionTokenHash', hash);
    }
    await next();
  };
}

/**
 * The signed-in user of a route behind `requireUser` (or its equivalent), typed as present: the
 * one place a handler turns "no user" into 401 E401100.
 */
export function signedInUser(c: { var: AppEnv['Variables'] }): SessionUser {
  if (!c.var.user) throw new AppError('E401100');
  return c.var.user;
}
