import type { MiddlewareHandler } from 'hono';
import { BASE_PATH, path } from '../../lib/paths';
import type { AppEnv } from '../context';

/**
 * Wallet screens that need a signed-in user (spec §2 "logged in"); anything under /public/ never
 * does, and neither do search, issuer and skill pages, which anonymous visitors use (issue 9).
 */
const PROTECTED = ['/assertions', '/setting', '/acaddocs'];

export function isProtectedPage(pathname: string): boolean {
  if (!pathname.startsWith(`${BASE_PATH}/`) || pathname.includes('/public/')) return false;
  const route = pathname.slice(BASE_PATH.length);
  return PROTECTED.some((p) => route === p || route.startsWith(`${p}/`));
}

/**
 * Protected pages redirect to LoginPage before anything renders, with the full path (and query) as
 * the redirect query, so the person lands where they were going (spec §2, §6).
 */
export function guardPages(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.var.user || !isProtectedPage(c.req.path)) return next();
    const url = new URL(c.req.url);
    return c.redirect(`${path('/login')}?redirect=${encodeURIComponent(url.pathname + url.search)}`, 302);
  };
}
