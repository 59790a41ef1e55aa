import { env, exports } from 'cloudflare:workers';
import { inject } from 'vitest';
import { CookieJar, portalAuthorize } from '../support/portal-login';
import { BASE, unique } from './helpers';

export const UI = `${BASE}/ns/portal/openbadge`;
export const portal = inject('portal');

/** One wallet-side browser: its cookies for the Worker (accessToken, the binding cookie, the portal session). */
export class Browser {
  readonly jar = new CookieJar();
  /** The portal-side cookies of the same person (their portal session). */
  readonly portalJar = new CookieJar();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.cookies.size) headers.set('cookie', this.jar.header());
    const res = await exports.default.fetch(url, { ...init, headers, redirect: 'manual' });
    this.jar.take(res);
    return res;
  }

  /** GET /portal/login: answers the provider's authorization URL (303), or the error page's. */
  async startLogin(query = 'provider=portal'): Promise<Response> {
    return this.fetch(`${UI}/portal/login?${query}`);
  }

  async callback(url: string): Promise<Response> {
    return this.fetch(url);
  }

  post(url: string, body: unknown, headers: Record<string, string> = {}) {
    return this.fetch(url, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  /** The whole sign-in: our login route, the real portal's login form, our callback. */
  async signIn(user: { email: string; password: string }, query = 'provider=portal'): Promise<Response> {
    const start = await this.startLogin(query);
    const authorize = start.headers.get('location') ?? '';
    if (start.status !== 303 || !authorize.startsWith(portal.issuer))
      throw new Error(`login: ${start.status} ${authorize}`);
    return this.callback(await portalAuthorize(authorize, user, this.portalJar));
  }

  cookie(name: string): string | undefined {
    return this.jar.cookies.get(name);
  }
}

/** A fresh portal user at the real local portal (its test-users endpoint). */
export async function portalUser(claims: { email_verified?: boolean; email?: string; given_name?: string } = {}) {
  const sub = unique('sub');
  const user = {
    sub,
    email: claims.email ?? `${sub}@portal.example`,
    password: 'Portal-test-1',
    email_verified: claims.email_verified ?? true,
    given_name: claims.given_name ?? 'Kenji',
    family_name: 'Sato',
  };
  const res = await fetch(`${portal.issuer}/__test/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${portal.clientSecret}`, 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!res.ok) throw new Error(`portal test user: ${res.status} ${await res.text()}`);
  return user;
}

export const count = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<number>('n')) ?? 0;

export const errorCode = (res: Response) => new URL(res.headers.get('location') ?? '', BASE).searchParams.get('code');
