import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { BASE_PATH, path } from '../../lib/paths';
import { USER_TYPE_COOKIE } from '../auth/cookies';
import type { AppEnv } from '../context';

/**
 * Wallet screens that need a signed-in user (spec §2 "logged in"); anything under /public/ never
 * does, and neither do search, issuer and skill pages, which anonymous visitors use (issue 9).
 */
// '/oauth': the OB 3.0 consent page (issue 21) signs the person in first and comes back.
const PROTECTED = ['/assertions', '/setting', '/acaddocs', '/oauth'];

export function isProtectedPage(pathname: string): boolean {
  if (!pathname.startsWith(`${BASE_PATH}/`) || pathname.includes('/public/')) return false;
  const route = pathname.slice(BASE_PATH.length);
  return PROTECTED.some((p) => route === p || route.startsWith(`${p}/`));
}

/**
 * Protected pages redirect to LoginPage before anything renders, with the full path (and query) as
 * the redirect query, so the person lands where they were going (spec §2, §6). A portal user (type
 * 1: the `userType` cookie says 1, or a portal session cookie is there) goes to the portal login
 * instead, with the same return path (spec §6); while the portal session lives that is a quick
 * round trip back here, and once it has ended the portal asks them to sign in.
 */
/** What the guard needs of the portal (given by the composition root, app.ts): its first provider and its session cookie. */
export interface PortalSignIn {
  provider: (env: Env) => { id: string } | undefined;
  sessionCookie: string;
}

export function guardPages(portalSignIn: PortalSignIn): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.var.user || !isProtectedPage(c.req.path)) return next();
    const url = new URL(c.req.url);
    const back = url.pathname + url.search;
    const portal = portalSignIn.provider(c.env);
    const portalUser = getCookie(c, USER_TYPE_COOKIE) === '1' || getCookie(c, portalSignIn.sessionCookie) !== undefined;
    if (portal && portalUser) {
      const q = new URLSearchParams({ provider: portal.id, returnTo: back });
      return c.redirect(`${path('/portal/login')}?${q.toString()}`, 302);
    }
    return c.redirect(`${path('/login')}?redirect=${encodeURIComponent(back)}`, 302);
  };
}
