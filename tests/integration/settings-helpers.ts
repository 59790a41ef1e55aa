import { env, exports } from 'cloudflare:workers';
import { hashPassword } from '../../src/server/accounts/password-hash';
import { BASE, SAME_ORIGIN, createAccount } from './helpers';

export const PASSWORD = 'Kestrel#Wing42';

/** Signs in through Login, as a browser would: the session cookie (its session knows the address). */
export async function login(email: string, password = PASSWORD) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/account/Wallet/Login`, {
    method: 'POST',
    headers: SAME_ORIGIN,
    body: JSON.stringify({ email, password }),
  });
  return {
    http: res.status,
    cookie:
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith('accessToken='))
        ?.split(';')[0] ?? '',
  };
}

/** An account with a password, signed in. */
export async function signedIn() {
  const acct = await createAccount();
  await env.DB.prepare('UPDATE accounts SET password_hash = ?, password_changed_at = ? WHERE id = ?')
    .bind(await hashPassword(env, PASSWORD), Date.now(), acct.id)
    .run();
  return { ...acct, cookie: (await login(acct.email)).cookie };
}

export async function settingsCall(cookie: string, path: string, body: object = {}) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Setting/${path}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: cookie },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown> & {
    errors?: { code: string; message: string; field?: string; resource_key: string }[];
  };
  return { http: res.status, code: json.errors?.[0]?.code ?? null, message: json.errors?.[0]?.message ?? '', json };
}
