import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import { ok } from '../http/envelope';
import { ACCOUNT_COOKIE, cookieBase, SERVICE_COUNTRY_COOKIE, SESSION_COOKIE, USER_TYPE_COOKIE } from '../auth/cookies';
import { endSession } from '../auth/service';
import { apiRouter } from '../middleware/router';
import { ANONYMOUS } from '../middleware/rules';

const envelope = z.object({ status: z.number() });

/** Removes every sign-in cookie (spec §4: sign-in state is cleared by removing cookies and token). */
export function clearSignInCookies(c: Context<AppEnv>): void {
  const base = cookieBase(c.env);
  for (const name of [SESSION_COOKIE, USER_TYPE_COOKIE, ACCOUNT_COOKIE, SERVICE_COUNTRY_COOKIE]) {
    deleteCookie(c, name, { path: base.path ?? '/', secure: base.secure ?? false });
  }
}

/**
 * The sign-out route. What else a sign-out ends (a portal session, and the RP-initiated logout URL
 * it may answer) is handed in by the composition root, so this layer knows nothing of the portal.
 */
export function authRoutes(endOtherSessions: (c: Context<AppEnv>) => Promise<string | null>) {
  const { router, route } = apiRouter(ANONYMOUS);
  const logout = route({
    method: 'post',
    path: '/OpenbadgeWalletLogout',
    tags: ['Account'],
    summary: 'Sign out: ends the session and clears the sign-in cookies',
    description:
      'Succeeds also when no session is present, so a second click or an expired cookie is not an error. A portal user (type 1) also ends the portal session; when the portal supports RP-initiated logout, `end_session_url` is where the client navigates next.',
    responses: {
      200: {
        description: 'Signed out',
        content: { 'application/json': { schema: envelope.extend({ end_session_url: z.string().optional() }) } },
      },
    },
  });
  return router.openapi(logout, async (c) => {
    const hash = c.var.sessionTokenHash;
    // Before the wallet session goes: it names the portal session to end.
    const endSessionUrl = await endOtherSessions(c);
    if (hash) await endSession(c.env.DB, hash);
    clearSignInCookies(c);
    return ok(c, endSessionUrl ? { end_session_url: endSessionUrl } : {});
  });
}
