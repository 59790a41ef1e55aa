import { env, exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import { hashPassword } from '../../src/server/accounts/password-hash';
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, START_HEADER } from '../../src/server/middleware/d1-session';
import { BASE, createAccount } from './helpers';
import { PASSWORD } from './settings-helpers';

/**
 * A client that keeps what the Worker hands it, as a browser (cookie jar) or an API script (the
 * x-d1-bookmark header it sends back) would. Issue 23: read-your-writes after every write kind.
 */
export class Client {
  private readonly jar = new Map<string, string>();
  /** The last bookmark an API client was handed (browsers hold it in the cookie). */
  bookmark: string | null = null;

  constructor(
    readonly kind: 'browser' | 'api',
    private readonly auth: Record<string, string> = {},
  ) {}

  async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...this.auth, ...headers };
    if (this.kind === 'browser') {
      h['Sec-Fetch-Site'] = 'same-origin';
      if (this.jar.size > 0) h['Cookie'] = this.cookies();
    } else if (this.bookmark) h[BOOKMARK_HEADER] = this.bookmark;
    let payload: string | undefined;
    if (typeof body === 'string') payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      h['Content-Type'] ??= 'application/json';
    }
    const res = await exports.default.fetch(`${BASE}${path}`, {
      method,
      headers: h,
      body: payload,
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /max-age=0\b/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    if (this.kind === 'api') this.bookmark = res.headers.get(BOOKMARK_HEADER) ?? this.bookmark;
    return res;
  }

  /** The Cookie header this browser sends, leaving out the named cookies. */
  cookies(...without: string[]): string {
    return [...this.jar]
      .filter(([k]) => !without.includes(k))
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }

  /** The bookmark this client would bring on its next request. */
  held(): string | null {
    return this.kind === 'browser' ? (this.jar.get(BOOKMARK_COOKIE) ?? null) : this.bookmark;
  }
}

/**
 * The mechanism that makes a write readable at once from a lagging replica: the write answers
 * with a new bookmark (browsers: an HttpOnly, SameSite=Lax, short-lived cookie too), and the same
 * client's next request starts its D1 session there. Returns that next request's response.
 */
export async function readYourWrite(client: Client, write: () => Promise<Response>, read: () => Promise<Response>) {
  const before = client.held();
  const w = await write();
  expect(w.status, await w.clone().text()).toBeLessThan(400);
  const handed = w.headers.get(BOOKMARK_HEADER);
  expect(handed).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/);
  expect(handed).not.toBe(before);
  const cookie = w.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`)) ?? '';
  expect(cookie.split(';')[0]).toBe(`${BOOKMARK_COOKIE}=${handed}`);
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  expect(cookie).toMatch(/Max-Age=300/i);
  expect(client.held()).toBe(handed);
  const r = await read();
  expect(r.headers.get(START_HEADER)).toBe(handed);
  return r;
}

/** An account with a password and a browser that has not signed in yet. */
export async function person() {
  const acct = await createAccount();
  await env.DB.prepare('UPDATE accounts SET password_hash = ?, password_changed_at = ? WHERE id = ?')
    .bind(await hashPassword(env, PASSWORD), Date.now(), acct.id)
    .run();
  return { ...acct, browser: new Client('browser') };
}

/** The same, signed in through Login in that browser. */
export async function signedInPerson() {
  const p = await person();
  const res = await p.browser.send('POST', '/api/v1.0/account/Wallet/Login', { email: p.email, password: PASSWORD });
  expect(res.status).toBe(200);
  return p;
}
