import type { CookieOptions } from 'hono/utils/cookie';

/** Cookie names fixed by the spec (§3): the session token, the user type and the language. */
export const SESSION_COOKIE = 'accessToken';
export const USER_TYPE_COOKIE = 'userType';
export const LANGUAGE_COOKIE = 'language';
export const ACCOUNT_COOKIE = 'account_id';
export const SERVICE_COUNTRY_COOKIE = 'service_country';

/** Shared attributes: Secure whenever the wallet is served over https (everywhere but localhost). */
export function cookieBase(env: Pick<Env, 'PUBLIC_BASE_URL'>): CookieOptions {
  return {
    path: '/',
    sameSite: 'Lax',
    httpOnly: true,
    secure: new URL(env.PUBLIC_BASE_URL).protocol === 'https:',
  };
}
