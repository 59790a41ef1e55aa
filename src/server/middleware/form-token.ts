import { randomToken } from '../auth/tokens';
import { sameText, seal } from './form-seal';

/** The cookie that holds a visitor's form key (SameSite=Strict, HttpOnly, only under the wallet path). */
export const TOKEN_COOKIE = 'csrf';

const KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new random form key: 256 bits. */
export const newFormKey = () => randomToken(32);

/** The cookie's value if it has the shape of a key we make, else null. */
export const validKey = (cookie: string | undefined) => (cookie && KEY_SHAPE.test(cookie) ? cookie : null);

/**
 * The hidden field's value for a visitor's key: its HMAC under the server secret. A cross-site page
 * can neither read it nor compute it, and a cookie planted by a neighbouring host (cookie tossing)
 * gives no valid field without the secret.
 */
export const formToken = (env: Env, key: string) => seal(env, 'form-token', key);

/** True when the posted field is the token of the key in the visitor's cookie (constant-time compare). */
export async function tokenMatches(env: Env, cookie: string | undefined, field: string): Promise<boolean> {
  const key = validKey(cookie);
  if (!key || !field) return false;
  return sameText(await formToken(env, key), field);
}
