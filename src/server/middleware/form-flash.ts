import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { BASE_PATH } from '../../lib/paths';
import { base64url } from '../auth/tokens';
import { cookieBase } from '../auth/cookies';
import type { AppEnv } from '../context';
import { sameText, seal } from './form-seal';
import type { FormState } from '../form-state';

/** The one-minute cookie that carries a form's outcome across its 303 redirect. */
const FLASH_COOKIE = 'form_result';
const PURPOSE = 'form-result';

const fromBase64url = (s: string) =>
  Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));

/**
 * Leaves `state` for the page at `path` (post, redirect, get): the sent address or the done state
 * shows there once. Sealed, so a planted cookie cannot make a page claim something happened.
 */
export async function leaveFlash(c: Context<AppEnv>, path: string, state: FormState): Promise<void> {
  const body = base64url(new TextEncoder().encode(JSON.stringify({ path, state })));
  const value = `${body}.${await seal(c.env, PURPOSE, body)}`;
  setCookie(c, FLASH_COOKIE, value, { ...cookieBase(c.env), sameSite: 'Strict', path: BASE_PATH, maxAge: 60 });
}

/**
 * The state left for this page, if any. `spent` says the cookie should go: it was read here, or it
 * is not ours; one left for another page stays until that page is answered or the minute is over.
 */
export async function readFlash(c: Context<AppEnv>): Promise<{ state: FormState | null; spent: boolean }> {
  const value = getCookie(c, FLASH_COOKIE);
  if (!value) return { state: null, spent: false };
  const [body = '', mac = ''] = value.split('.');
  if (!body || !sameText(await seal(c.env, PURPOSE, body), mac)) return { state: null, spent: true };
  try {
    const { path, state } = JSON.parse(new TextDecoder().decode(fromBase64url(body))) as {
      path: string;
      state: FormState;
    };
    return path === c.req.path ? { state, spent: true } : { state: null, spent: false };
  } catch {
    return { state: null, spent: true };
  }
}

/** Removes the flash cookie (after the page it was for has been answered). */
export function dropFlash(c: Context<AppEnv>): void {
  deleteCookie(c, FLASH_COOKIE, { path: BASE_PATH, secure: cookieBase(c.env).secure });
}
