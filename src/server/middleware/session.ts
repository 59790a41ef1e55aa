import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import { SESSION_COOKIE } from '../auth/cookies';
import { findSession, LAST_SEEN_EVERY_MS, touchSession } from '../auth/session-repo';
import { sha256Hex } from '../auth/tokens';

/**
 * Loads the signed-in user, if any, from the session cookie. Expiry is checked in the database,
 * never trusted to the cookie's Max-Age (security guide SES-03).
 */
export function loadSession(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null);
    c.set('sessionTokenHash', null);
    const token = getCookie(c, SESSION_COOKIE);
    if (token && token.length <= 128) {
      const hash = await sha256Hex(token);
      const now = Date.now();
      const found = await findSession(c.env.DB, hash, now);
      if (found) {
        c.set('user', found.user);
        c.set('sessionTokenHash', hash);
        // Issue 22: the sessions list's "last seen", written every few minutes, not per request.
        if (found.lastSeenAt < now - LAST_SEEN_EVERY_MS) await touchSession(c.env.DB, hash, now);
      }
    }
    await next();
  };
}
