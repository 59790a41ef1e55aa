import { createRemoteJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { CookieJar, portalAuthorize, portalEndSession, portalSignOut } from '../support/portal-login';

// The local portal (scripts/portal, started by tests/support/portal-provider.ts) as Lanyard will
// meet it: discovery, PKCE enforcement, RFC 9207 `iss`, a token exchange by hand, and both logouts.
// These pin the provider side, so the relying-party tests of issue 20 stand on a known portal.
const portal = inject('portal');
const CALLBACK = `${portal.walletBase}/ns/portal/openbadge/portal/callback`;
const PAT = { email: 'portal@lanyard.localhost', password: 'Portal-demo-1' };
const jwks = createRemoteJWKSet(new URL(`${portal.issuer}/jwks`));

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

async function pkce() {
  const verifier = b64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = b64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  return { verifier, challenge };
}

function authorizeUrl(params: Record<string, string>): string {
  const url = new URL(`${portal.issuer}/auth`);
  const all = {
    client_id: portal.clientId,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: CALLBACK,
    ...params,
  };
  for (const [k, v] of Object.entries(all)) if (v !== '') url.searchParams.set(k, v);
  return url.href;
}

async function exchange(code: string, verifier: string, secret = portal.clientSecret) {
  return fetch(`${portal.issuer}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${portal.clientId}:${secret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    }),
  });
}

/** A full sign-in of `user`: the callback URL, the token response and the browser's cookie jar. */
async function signIn(user = PAT) {
  const { verifier, challenge } = await pkce();
  const state = crypto.randomUUID();
  const nonce = crypto.randomUUID();
  const jar = new CookieJar();
  const callback = new URL(
    await portalAuthorize(
      authorizeUrl({ state, nonce, code_challenge: challenge, code_challenge_method: 'S256' }),
      user,
      jar,
    ),
  );
  const res = await exchange(callback.searchParams.get('code') ?? '', verifier);
  const tokens = (await res.json()) as { id_token: string; access_token: string };
  const { payload } = await jwtVerify(tokens.id_token, jwks, { issuer: portal.issuer, audience: portal.clientId });
  return { callback, state, nonce, verifier, jar, tokens, claims: payload };
}

describe('local portal (OpenID provider)', () => {
  it('publishes discovery with S256 PKCE, RFC 9207 iss, back-channel logout and public keys only', async () => {
    const meta = (await (await fetch(`${portal.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(meta.issuer).toBe(portal.issuer);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.authorization_response_iss_parameter_supported).toBe(true);
    expect(meta.backchannel_logout_session_supported).toBe(true);
    expect(meta.end_session_endpoint).toBe(`${portal.issuer}/session/end`);
    expect(meta.id_token_signing_alg_values_supported).toEqual(['RS256', 'ES256']);
    const keys = ((await (await fetch(`${portal.issuer}/jwks`)).json()) as { keys: Record<string, unknown>[] }).keys;
    expect(keys.map((k) => k.alg).sort()).toEqual(['ES256', 'RS256']);
    expect(keys.every((k) => !('d' in k))).toBe(true);
  });

  it('refuses an authorization request without a code_challenge, or with the plain method', async () => {
    const attempts: Record<string, string>[] = [
      { state: 's1' },
      { state: 's2', code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' },
    ];
    for (const params of attempts) {
      const res = await fetch(authorizeUrl(params), { redirect: 'manual' });
      expect(res.status).toBe(303);
      const back = new URL(res.headers.get('location') ?? '');
      expect(back.href.startsWith(CALLBACK)).toBe(true);
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.get('code')).toBeNull();
      expect(back.searchParams.get('iss')).toBe(portal.issuer);
    }
  });

  it('signs a demo user in: the callback carries code, state and iss; the code is exchanged once, with the verifier', async () => {
    const { callback, state, nonce, verifier, claims } = await signIn();
    expect(callback.origin + callback.pathname).toBe(CALLBACK);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('iss')).toBe(portal.issuer);
    expect(claims).toMatchObject({
      sub: 'portal-pat',
      nonce,
      email: 'portal@lanyard.localhost',
      email_verified: true,
      given_name: 'Pat',
      family_name: 'Portal',
    });
    expect(typeof claims.sid).toBe('string');
    // A replayed code is refused (and oidc-provider revokes what it issued).
    const again = await exchange(callback.searchParams.get('code') ?? '', verifier);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('refuses a code with the wrong verifier or the wrong client secret', async () => {
    for (const attempt of ['verifier', 'secret'] as const) {
      const { verifier, challenge } = await pkce();
      const url = authorizeUrl({ state: 'x', nonce: 'n', code_challenge: challenge, code_challenge_method: 'S256' });
      const code = new URL(await portalAuthorize(url, PAT)).searchParams.get('code') ?? '';
      const res =
        attempt === 'verifier'
          ? await exchange(code, `${verifier}x`)
          : await exchange(code, verifier, 'not-the-secret');
      expect(res.status).toBe(attempt === 'verifier' ? 400 : 401);
    }
  });

  it('shows an error for a wrong password and says email_verified false for the unverified user', async () => {
    const { challenge } = await pkce();
    const url = authorizeUrl({ state: 'w', code_challenge: challenge, code_challenge_method: 'S256' });
    await expect(portalAuthorize(url, { ...PAT, password: 'wrong' })).rejects.toThrow(/email or password is wrong/);
    const { claims } = await signIn({ email: 'portal-unverified@lanyard.localhost', password: 'Portal-demo-1' });
    expect(claims.email_verified).toBe(false);
  });

  it('shows its login page in Japanese for ui_locales=ja', async () => {
    const { challenge } = await pkce();
    const url = authorizeUrl({
      state: 'j',
      ui_locales: 'ja',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const jar = new CookieJar();
    const first = await fetch(url, { redirect: 'manual' });
    jar.take(first);
    const login = await fetch(new URL(first.headers.get('location') ?? '', url), { headers: { cookie: jar.header() } });
    const html = await login.text();
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('Lanyard ポータルにサインイン');
  });

  it('a stray link to end_session asks before signing out (no auto-submit without a client or the portal home)', async () => {
    const { jar } = await signIn();
    const res = await fetch(`${portal.issuer}/session/end`, { headers: { cookie: jar.header() } });
    const html = await res.text();
    expect(html).toContain('id="op.logoutForm"');
    expect(html).not.toContain('<script>');
    const fromHome = await fetch(`${portal.issuer}/session/end`, {
      headers: { cookie: jar.header(), referer: `${portal.issuer}/` },
    });
    expect(await fromHome.text()).toContain('<script>');
  });

  it('adds a test user through /__test/users only with the client secret', async () => {
    const user = {
      sub: `t-${crypto.randomUUID()}`,
      email: `t-${crypto.randomUUID()}@example.test`,
      password: 'Pw-123456',
      email_verified: true,
    };
    const add = (auth: string) =>
      fetch(`${portal.issuer}/__test/users`, {
        method: 'POST',
        headers: { authorization: auth },
        body: JSON.stringify(user),
      });
    expect((await add('Bearer wrong')).status).toBe(401);
    expect((await add(`Bearer ${portal.clientSecret}`)).status).toBe(201);
    const { claims } = await signIn(user);
    expect(claims.sub).toBe(user.sub);
  });

  it("signing out at the portal sends a signed back-channel logout token for the session's sid", async () => {
    const { jar, claims } = await signIn();
    const home = await (await fetch(`${portal.issuer}/`, { headers: { cookie: jar.header() } })).text();
    expect(home).toContain('Signed in as Pat Portal');
    await portalSignOut(portal.issuer, jar);
    const captured = await fetch(`${portal.captureUrl}/last?sid=${encodeURIComponent(String(claims.sid))}`);
    expect(captured.status).toBe(200);
    const token = new URLSearchParams(await captured.text()).get('logout_token') ?? '';
    const { payload, protectedHeader } = await jwtVerify(token, jwks, {
      issuer: portal.issuer,
      audience: portal.clientId,
    });
    expect(protectedHeader.typ).toBe('logout+jwt');
    expect(payload).toMatchObject({ sub: 'portal-pat', sid: claims.sid });
    expect(payload.events).toHaveProperty(['http://schemas.openid.net/event/backchannel-logout']);
    expect(payload.nonce).toBeUndefined();
    const after = await (await fetch(`${portal.issuer}/`, { headers: { cookie: jar.header() } })).text();
    expect(after).not.toContain('Signed in as');
  });

  it('RP-initiated logout ends the portal session and returns to the registered post-logout URI only', async () => {
    const { jar, tokens } = await signIn();
    const end = new URL(`${portal.issuer}/session/end`);
    end.searchParams.set('id_token_hint', tokens.id_token);
    end.searchParams.set('post_logout_redirect_uri', `${portal.walletBase}/ns/portal/openbadge/login`);
    end.searchParams.set('state', 'bye');
    const back = new URL(await portalEndSession(end.href, jar));
    expect(back.origin + back.pathname).toBe(`${portal.walletBase}/ns/portal/openbadge/login`);
    expect(back.searchParams.get('state')).toBe('bye');
    const home = await (await fetch(`${portal.issuer}/`, { headers: { cookie: jar.header() } })).text();
    expect(home).not.toContain('Signed in as');

    const { jar: jar2, tokens: t2 } = await signIn();
    const evil = new URL(`${portal.issuer}/session/end`);
    evil.searchParams.set('id_token_hint', t2.id_token);
    evil.searchParams.set('post_logout_redirect_uri', 'https://evil.example/');
    const res = await fetch(evil, { headers: { cookie: jar2.header() }, redirect: 'manual' });
    expect(res.status).toBe(400);
  });
});
