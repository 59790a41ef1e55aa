import { env, exports } from 'cloudflare:workers';
import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/app';
import { createAccount, createSession } from './helpers';
import {
  ALL_SCOPES,
  AS,
  OB3,
  REDIRECT,
  SCOPE,
  answer,
  authorizeParams,
  bearer,
  consentedCode,
  imsxErrors,
  randomIp,
  register,
  tokensFor,
} from './ob3api-helpers';

/** Issue 21: every refusal of the OB 3.0 host API, with the RFC 6749 or Imsx_StatusInfo body it owes. */
const json = (body: object, ip = randomIp()) =>
  exports.default.fetch(`${OB3}/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
    body: JSON.stringify(body),
  });
const META = {
  client_name: 'Other Wallet',
  client_uri: 'https://wallet.example/',
  redirect_uris: [REDIRECT],
  scope: ALL_SCOPES,
};
const basic = (id: string, secret: string) =>
  `Basic ${btoa(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`)}`;
const token = (
  auth: string | null,
  form: Record<string, string> | string,
  type = 'application/x-www-form-urlencoded',
) =>
  exports.default.fetch(`${OB3}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': type, ...(auth ? { Authorization: auth } : {}) },
    body: typeof form === 'string' ? form : new URLSearchParams(form),
  });

describe('registration refusals (RFC 7591)', () => {
  // RED-01..05 and RFC 6749 §3.1.2 / RFC 8252 §7.3: only canonical https (or loopback http outside production).
  const BAD = [
    '//evil.com/cb',
    '/\\evil.com',
    '/cb',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://wallet.example@evil.com/cb',
    'https://user:pw@wallet.example/cb',
    'https:evil.com',
    'https://wallet.example/cb#fragment',
    'HTTPS://WALLET.EXAMPLE/cb',
    ' https://wallet.example/cb',
    'https://wallet.example/\tcb',
    'http://evil.com/cb',
    'http://localhost/cb',
    'http://127.0.0.1.nip.io/cb',
    'ftp://wallet.example/cb',
    `https://wallet.example/${'a'.repeat(2000)}`,
  ];
  it.each(BAD.map((uri) => [uri.slice(0, 60), uri]))(
    'refuses the redirect URI %s (invalid_redirect_uri, E400162)',
    async (_, uri) => {
      const res = await json({ ...META, redirect_uris: ['https://wallet.example/ok', uri] });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_redirect_uri', error_code: 'E400162' });
    },
  );

  it('accepts https and loopback http in development; production refuses loopback http', async () => {
    const res = await json({
      ...META,
      redirect_uris: ['https://wallet.example/cb', 'http://127.0.0.1:4000/cb', 'http://[::1]/cb'],
    });
    expect(res.status).toBe(201);
    const app = createServer();
    const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} };
    const prod = await app.fetch(
      new Request(`${OB3}/oauth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': randomIp() },
        body: JSON.stringify({ ...META, redirect_uris: ['http://127.0.0.1:4000/cb'] }),
      }),
      { ...env, ENVIRONMENT: 'production' },
      ctx as unknown as ExecutionContext,
    );
    expect(prod.status).toBe(400);
    expect(await prod.json()).toMatchObject({ error: 'invalid_redirect_uri' });
  });

  it('refuses missing or wrong metadata, unknown scopes and bodies that are not JSON', async () => {
    const cases: [object | string, string, string][] = [
      [{ ...META, client_name: undefined }, 'invalid_client_metadata', 'E400167'],
      [{ ...META, client_uri: 'javascript:alert(1)' }, 'invalid_client_metadata', 'E400167'],
      [{ ...META, logo_uri: 'data:image/png;base64,AAAA' }, 'invalid_client_metadata', 'E400167'],
      [{ ...META, redirect_uris: [] }, 'invalid_client_metadata', 'E400167'],
      [{ ...META, token_endpoint_auth_method: 'none' }, 'invalid_client_metadata', 'E400167'],
      [{ ...META, grant_types: ['implicit'] }, 'invalid_client_metadata', 'E400167'],
      [
        { ...META, scope: `${ALL_SCOPES} https://purl.imsglobal.org/spec/ob/v3p0/scope/profile.update` },
        'invalid_client_metadata',
        'E400163',
      ],
      [{ ...META, scope: '' }, 'invalid_client_metadata', 'E400163'],
    ];
    for (const [body, error, code] of cases) {
      const res = await json(body as object);
      expect({ body, status: res.status, json: await res.json() }).toMatchObject({
        body,
        status: 400,
        json: { error, error_code: code },
      });
    }
    const notJson = await exports.default.fetch(`${OB3}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': randomIp() },
      body: '{"client_name":',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: 'invalid_request', error_code: 'E400101' });
  });

  it('translates error_description into the request language', async () => {
    const res = await exports.default.fetch(`${OB3}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': randomIp(), 'Accept-Language': 'ja' },
      body: JSON.stringify({ ...META, redirect_uris: ['http://evil.com/'] }),
    });
    const body = await res.json<{ error_description: string }>();
    expect(body.error_description).toContain('リダイレクト');
  });

  it('one address may register 60 applications a minute; the next is 429', { timeout: 80_000 }, async () => {
    const into = Date.now() % 60_000;
    if (into > 40_000) await new Promise((r) => setTimeout(r, 60_000 - into + 50));
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await json(META, ip)).status);
    expect(statuses.slice(0, 60).every((s) => s === 201)).toBe(true);
    const over = await json(META, ip);
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ error: 'temporarily_unavailable', error_code: 'E429100' });
  });
});

describe('authorization request refusals', () => {
  const authorize = (params: URLSearchParams) =>
    exports.default.fetch(`${AS.authorization_endpoint}?${params.toString()}`, { redirect: 'manual' });

  it('an unknown client or an unregistered redirect URI is answered here, never redirected (RED-01..05)', async () => {
    const app = await register();
    const { params } = await authorizeParams(app.client.client_id);
    const variants = [
      'https://evil.com/callback',
      `${REDIRECT}/`,
      `${REDIRECT}?x=1`,
      `${REDIRECT}#x`,
      'http://127.0.0.1:9/callback/../evil',
      '//evil.com',
      '/\\evil.com',
      'javascript:alert(1)',
      'http://127.0.0.1:9@evil.com/callback',
    ];
    for (const uri of variants) {
      const p = new URLSearchParams(params);
      p.set('redirect_uri', uri);
      const res = await authorize(p);
      expect({ uri, status: res.status, location: res.headers.get('location') }).toEqual({
        uri,
        status: 400,
        location: null,
      });
      expect(await res.json()).toMatchObject({ error: 'invalid_request', error_code: 'E400161' });
    }
    const unknown = new URLSearchParams(params);
    unknown.set('client_id', 'no-such-client');
    expect((await authorize(unknown)).status).toBe(400);
    const twice = new URLSearchParams(params);
    twice.append('redirect_uri', REDIRECT);
    expect((await authorize(twice)).status).toBe(400);
  });

  it('plain or missing PKCE, another response_type and unknown or unregistered scopes go back as errors with the state', async () => {
    const app = await register({ scope: SCOPE.read });
    const { params, state } = await authorizeParams(app.client.client_id, SCOPE.read);
    const cases: [Record<string, string | null>, string][] = [
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge_method: null }, 'invalid_request'],
      [{ code_challenge: null }, 'invalid_request'],
      [{ code_challenge: 'short' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'openid' }, 'invalid_scope'],
      [{ scope: SCOPE.upsert }, 'invalid_scope'],
      [{ scope: null }, 'invalid_scope'],
    ];
    for (const [change, error] of cases) {
      const p = new URLSearchParams(params);
      for (const [k, v] of Object.entries(change)) {
        if (v === null) p.delete(k);
        else p.set(k, v);
      }
      const res = await authorize(p);
      expect(res.status).toBe(302);
      const back = new URL(res.headers.get('location') ?? '');
      expect({ change, to: `${back.origin}${back.pathname}`, query: Object.fromEntries(back.searchParams) }).toEqual({
        change,
        to: REDIRECT,
        query: { error, state },
      });
    }
  });

  it('the consent answer needs the wallet session and a same-origin form; a tampered request is checked again', async () => {
    const app = await register();
    const { params } = await authorizeParams(app.client.client_id);
    const anonymous = await answer('', params, 'allow');
    expect(anonymous.status).toBe(401);
    const account = await createAccount();
    const cookie = `accessToken=${await createSession(account.id)}`;
    const crossSite = await exports.default.fetch(`${OB3}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams({ ...Object.fromEntries(params), decision: 'allow' }),
    });
    expect(crossSite.status).toBe(403);
    const tampered = new URLSearchParams(params);
    tampered.set('redirect_uri', 'https://evil.com/cb');
    const res = await answer(cookie, tampered, 'allow');
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    const plain = new URLSearchParams(params);
    plain.set('code_challenge_method', 'plain');
    const back = await answer(cookie, plain, 'allow');
    expect(new URL(back.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
    expect(new URL(back.headers.get('location') ?? '').searchParams.get('code')).toBeNull();
  });
});

describe('token endpoint refusals (RFC 6749 §5.2)', () => {
  it('client authentication: none, a wrong secret, an unknown client, secret in the body: 401 invalid_client, no-store', async () => {
    const c = await consentedCode();
    const form = {
      grant_type: 'authorization_code',
      code: c.callback.get('code') ?? '',
      redirect_uri: REDIRECT,
      code_verifier: c.verifier,
    };
    for (const auth of [
      null,
      basic(c.app.client.client_id, 'wrong'),
      basic('nobody', c.app.secret),
      'Bearer x',
      'Basic !!!',
    ]) {
      const res = await token(auth, form);
      expect(res.status).toBe(401);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('www-authenticate')).toContain('Basic');
      expect(await res.json()).toMatchObject({ error: 'invalid_client', error_code: 'E401160' });
    }
    const inBody = await token(null, { ...form, client_id: c.app.client.client_id, client_secret: c.app.secret });
    expect(inBody.status).toBe(401);
    // The failed attempts did not spend the code.
    expect((await token(basic(c.app.client.client_id, c.app.secret), form)).status).toBe(200);
  });

  it('a wrong verifier, a wrong redirect URI, an expired code: invalid_grant', async () => {
    const c = await consentedCode();
    const auth = basic(c.app.client.client_id, c.app.secret);
    const code = c.callback.get('code') ?? '';
    const base = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: c.verifier };
    for (const change of [
      { code_verifier: oauth.generateRandomCodeVerifier() },
      { code_verifier: 'short' },
      { redirect_uri: `${REDIRECT}/x` },
      { code: 'nope' },
    ]) {
      const res = await token(auth, { ...base, ...change });
      expect({ change, status: res.status, body: await res.json() }).toMatchObject({
        change,
        status: 400,
        body: { error: 'invalid_grant', error_code: 'E400165' },
      });
    }
    await env.DB.prepare('UPDATE ob3_auth_codes SET expires_at = ? WHERE client_id = ?')
      .bind(Date.now() - 1, c.app.client.client_id)
      .run();
    expect(await (await token(auth, base)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('a code used twice is refused and revokes the tokens it gave (RFC 6749 §4.1.2)', async () => {
    const c = await consentedCode();
    const auth = basic(c.app.client.client_id, c.app.secret);
    const form = {
      grant_type: 'authorization_code',
      code: c.callback.get('code') ?? '',
      redirect_uri: REDIRECT,
      code_verifier: c.verifier,
    };
    const first = await (await token(auth, form)).json<{ access_token: string; refresh_token: string }>();
    expect((await exports.default.fetch(`${OB3}/profile`, { headers: bearer(first.access_token) })).status).toBe(200);
    const again = await token(auth, form);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await exports.default.fetch(`${OB3}/profile`, { headers: bearer(first.access_token) })).status).toBe(401);
    expect((await token(auth, { grant_type: 'refresh_token', refresh_token: first.refresh_token })).status).toBe(400);
  });

  it('other grant types, repeated parameters and bodies that are not forms are refused', async () => {
    const c = await consentedCode();
    const auth = basic(c.app.client.client_id, c.app.secret);
    for (const grant of ['password', 'client_credentials', 'implicit', '']) {
      const res = await token(auth, { grant_type: grant });
      expect(await res.json()).toMatchObject({ error: 'unsupported_grant_type', error_code: 'E400166' });
    }
    const twice = `grant_type=authorization_code&code=${c.callback.get('code')}&code=x&redirect_uri=${encodeURIComponent(REDIRECT)}&code_verifier=${c.verifier}`;
    expect(await (await token(auth, twice)).json()).toMatchObject({ error: 'invalid_request', error_code: 'E400160' });
    const asJson = await token(auth, JSON.stringify({ grant_type: 'authorization_code' }), 'application/json');
    expect(asJson.status).toBe(415);
    expect(await asJson.json()).toMatchObject({ error: 'invalid_request', error_code: 'E415100' });
  });

  it('a refresh token works only for its own client, and a wider scope is refused', async () => {
    const { app, tokens } = await tokensFor(SCOPE.read);
    const other = await register();
    const stolen = await token(basic(other.client.client_id, other.secret), {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(await stolen.json()).toMatchObject({ error: 'invalid_grant' });
    const wider = await token(basic(app.client.client_id, app.secret), {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
      scope: 'openid',
    });
    expect(await wider.json()).toMatchObject({ error: 'invalid_scope' });
    const ok = await token(basic(app.client.client_id, app.secret), {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(await ok.json()).toMatchObject({ scope: SCOPE.read });
  });

  it('revocation answers 200 for unknown tokens and cannot revoke another client’s token', async () => {
    const { tokens } = await tokensFor();
    const other = await register();
    const revoke = (auth: string, t: string) =>
      exports.default.fetch(`${OB3}/oauth/revoke`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: auth },
        body: new URLSearchParams({ token: t }),
      });
    expect((await revoke(basic(other.client.client_id, other.secret), 'unknown-token')).status).toBe(200);
    expect((await revoke(basic(other.client.client_id, other.secret), tokens.access_token)).status).toBe(200);
    expect((await exports.default.fetch(`${OB3}/profile`, { headers: bearer(tokens.access_token) })).status).toBe(200);
    expect((await revoke(basic(other.client.client_id, 'wrong'), tokens.access_token)).status).toBe(401);
  });
});

describe('resource call refusals (Imsx_StatusInfo)', () => {
  it('no token, a malformed one, one in the query: 401 unauthorizedrequest', async () => {
    const { tokens } = await tokensFor();
    const calls = [
      exports.default.fetch(`${OB3}/credentials`),
      exports.default.fetch(`${OB3}/credentials`, { headers: { Authorization: 'Bearer' } }),
      exports.default.fetch(`${OB3}/credentials`, { headers: { Authorization: `Basic ${tokens.access_token}` } }),
      exports.default.fetch(`${OB3}/credentials?access_token=${tokens.access_token}`),
      exports.default.fetch(`${OB3}/profile`, { headers: bearer(`${tokens.access_token}x`) }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
      const body = await res.json();
      expect(imsxErrors(body)).toEqual([]);
    }
  });

  it('limit, offset and since are checked: 400 invalid_query_parameter', async () => {
    const { tokens } = await tokensFor();
    for (const q of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'offset=-1',
      'offset=1.5',
      'since=yesterday',
      'since=2026-01-01',
      'since=2026-13-01T00:00:00Z',
    ]) {
      const res = await exports.default.fetch(`${OB3}/credentials?${q}`, { headers: bearer(tokens.access_token) });
      const body = await res.json();
      expect({ q, status: res.status, errors: imsxErrors(body) }).toEqual({ q, status: 400, errors: [] });
      expect(body).toMatchObject({
        imsx_codeMinor: {
          imsx_codeMinorField: [
            { imsx_codeMinorFieldName: 'E400168', imsx_codeMinorFieldValue: 'invalid_query_parameter' },
          ],
        },
      });
    }
    expect(
      (
        await exports.default.fetch(`${OB3}/credentials?limit=5&offset=10&since=2026-01-01T00:00:00Z`, {
          headers: bearer(tokens.access_token),
        })
      ).status,
    ).toBe(200);
  });

  it('a token of a closed account or a withdrawn consent opens nothing', async () => {
    const a = await tokensFor();
    await env.DB.prepare("UPDATE accounts SET status = 'deleted' WHERE id = ?").bind(a.account.id).run();
    expect((await exports.default.fetch(`${OB3}/profile`, { headers: bearer(a.tokens.access_token) })).status).toBe(
      401,
    );
    const b = await tokensFor();
    await env.DB.prepare('DELETE FROM ob3_consents WHERE account_id = ?').bind(b.account.id).run();
    expect((await exports.default.fetch(`${OB3}/profile`, { headers: bearer(b.tokens.access_token) })).status).toBe(
      401,
    );
    const refreshed = await token(basic(b.app.client.client_id, b.app.secret), {
      grant_type: 'refresh_token',
      refresh_token: b.tokens.refresh_token ?? '',
    });
    expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('upsert: a body that is not a credential is invalid_data (400), an unsupported type 415', async () => {
    const { tokens } = await tokensFor();
    const post = (body: string, type: string) =>
      exports.default.fetch(`${OB3}/credentials`, {
        method: 'POST',
        headers: bearer(tokens.access_token, { 'Content-Type': type, 'CF-Connecting-IP': randomIp() }),
        body,
      });
    for (const [body, type] of [
      ['[1,2]', 'application/json'],
      [
        '{"@context":["https://www.w3.org/ns/credentials/v2"],"type":["VerifiableCredential"]}',
        'application/vc+ld+json',
      ],
      ['not a jwt', 'text/plain'],
      ['{"a":', 'application/json'],
    ] as const) {
      const res = await post(body, type);
      const json = await res.json();
      expect({ body, status: res.status, errors: imsxErrors(json) }).toEqual({ body, status: 400, errors: [] });
      expect(json).toMatchObject({
        imsx_codeMinor: { imsx_codeMinorField: [{ imsx_codeMinorFieldValue: 'invalid_data' }] },
      });
    }
    expect((await post('x', 'application/xml')).status).toBe(415);
  });
});
