import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { cookieBase } from '../auth/cookies';
import { randomToken, sha256Hex } from '../auth/tokens';
import type { AppEnv } from '../context';

/** The portal session (issue 20 item 2): HttpOnly, never read by scripts. */
export const PORTAL_SESSION_COOKIE = 'lanyard_portal_session';
/** How long a sign-in may take at the portal, and how long a first sign-in's choice waits. */
export const FLOW_SECONDS = 10 * 60;

const https = (env: Pick<Env, 'PUBLIC_BASE_URL'>) => new URL(env.PUBLIC_BASE_URL).protocol === 'https:';

/** The browser-binding cookie: `__Host-` over https (no Domain, Path=/, Secure), plain on http localhost. */
export const bindingCookieName = (env: Pick<Env, 'PUBLIC_BASE_URL'>) =>
  https(env) ? '__Host-lanyard_portal' : 'lanyard_portal';

/** A new binding secret in the cookie; the flow row keeps only its SHA-256. */
export async function newBinding(c: Context<AppEnv>): Promise<string> {
  const secret = randomToken(32);
  setCookie(c, bindingCookieName(c.env), secret, { ...cookieBase(c.env), path: '/', maxAge: FLOW_SECONDS });
  return sha256Hex(secret);
}

/** The SHA-256 of this browser's binding secret, or null when it has none. */
export async function bindingHash(c: Context<AppEnv>): Promise<string | null> {
  const secret = getCookie(c, bindingCookieName(c.env));
  return secret && secret.length <= 64 ? sha256Hex(secret) : null;
}

/** Keeps this browser's binding for another FLOW_SECONDS (a first sign-in's choice waits that long). */
export function extendBinding(c: Context<AppEnv>): void {
  const secret = getCookie(c, bindingCookieName(c.env));
  if (secret) setCookie(c, bindingCookieName(c.env), secret, { ...cookieBase(c.env), path: '/', maxAge: FLOW_SECONDS });
}

export function clearBinding(c: Context<AppEnv>): void {
  deleteCookie(c, bindingCookieName(c.env), { path: '/', secure: https(c.env) });
}

export async function portalSessionHash(c: Context<AppEnv>): Promise<string | null> {
  const token = getCookie(c, PORTAL_SESSION_COOKIE);
  return token && token.length <= 64 ? sha256Hex(token) : null;
}

export function setPortalSessionCookie(c: Context<AppEnv>, token: string, maxAgeSeconds: number): void {
  setCookie(c, PORTAL_SESSION_COOKIE, token, { ...cookieBase(c.env), maxAge: maxAgeSeconds });
}

export function clearPortalSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, PORTAL_SESSION_COOKIE, { path: '/', secure: https(c.env) });
}
