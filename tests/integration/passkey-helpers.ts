import { env, exports } from 'cloudflare:workers';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { BASE, SAME_ORIGIN } from './helpers';
import { PASSWORD, settingsCall } from './settings-helpers';
import { cookieOf } from './two-step-helpers';

/** Tests run with PUBLIC_BASE_URL http://127.0.0.1:8787; an IP cannot be an RP id, so the RP is localhost. */
export const ORIGIN = 'http://localhost:8787';
export const RP_ID = 'localhost';

const A = `${BASE}/api/v1.0/account/Wallet`;

export type Json = Record<string, unknown> & { errors?: { code: string; message: string; field?: string }[] };

/** A call under the account API (anonymous): JSON, the first error code, the session cookie. */
export async function accountCall(path: string, body: unknown = {}, cookie = '', ip = randomIp()) {
  const res = await exports.default.fetch(`${A}/${path}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, 'CF-Connecting-IP': ip, ...(cookie ? { Cookie: cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = (await res.json()) as Json;
  return {
    http: res.status,
    code: json.errors?.[0]?.code ?? null,
    message: json.errors?.[0]?.message ?? '',
    json,
    session: cookieOf(res, 'accessToken'),
    setCookie: res.headers.getSetCookie(),
  };
}

/** A documentation-range address per call, so the sign-in throttle counts only the test that means it. */
export function randomIp() {
  const b = crypto.getRandomValues(new Uint8Array(2));
  return `198.51.${b[0]}.${b[1]}`;
}

/** A settings call under Passkeys/. */
export const passkeyCall = (cookie: string, path: string, body: object = {}) =>
  settingsCall(cookie, `Passkeys/${path}`, body);

/** Registration options for a signed-in account (after its password). */
export async function registerOptions(cookie: string) {
  const r = await passkeyCall(cookie, 'Register/Options', { password: PASSWORD });
  if (r.http !== 200) throw new Error(`Register/Options: ${r.http} ${r.code}`);
  return r.json['options'] as { challenge: string; rp: { id: string }; user: { id: string } } & Json;
}

/** Registers a new passkey on the account with a fresh soft authenticator (or the one given). */
export async function registerPasskey(cookie: string, auth = new SoftAuthenticator(ORIGIN), name?: string) {
  const options = await registerOptions(cookie);
  const made = await auth.create(options);
  const r = await passkeyCall(cookie, 'Register/Verify', { response: made.response, ...(name ? { name } : {}) });
  if (r.http !== 200) throw new Error(`Register/Verify: ${r.http} ${r.code}`);
  return { auth, credential: made.credential, passkey: r.json['passkey'] as Json };
}

/** Options for a passkey alone (LoginPasskey/Options). */
export async function signInOptions() {
  const r = await accountCall('LoginPasskey/Options');
  if (r.http !== 200) throw new Error(`LoginPasskey/Options: ${r.http} ${r.code}`);
  return r.json['options'] as { challenge: string; rpId: string; allowCredentials?: { id: string }[] };
}

/** The stored row of a passkey. */
export const storedPasskey = (id: string) =>
  env.DB.prepare('SELECT account_id, counter, name, last_used_at FROM passkeys WHERE id = ?')
    .bind(id)
    .first<{ account_id: string; counter: number; name: string; last_used_at: number | null }>();
