import { env, exports } from 'cloudflare:workers';
import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import {
  ALL_SCOPES,
  AS,
  OB3,
  OPTIONS,
  REDIRECT,
  SCOPE,
  answer,
  authorizeParams,
  bearer,
  consentedCode,
  credentialsResponseErrors,
  imsxErrors,
  register,
  tokensFor,
} from './ob3api-helpers';
import { createAccount, createSession } from './helpers';
import { sha256Hex } from '../../src/server/auth/tokens';

/** Issue 21: another wallet connects through the OB 3.0 host API, with oauth4webapi as the consumer. */
describe('the OB 3.0 API flow with oauth4webapi', () => {
  it('discovery names the registration, authorization, token and refresh URLs and the scopes', async () => {
    const res = await exports.default.fetch(`${OB3}/discovery`);
    expect(res.status).toBe(200);
    const doc = await res.json<{ components: { securitySchemes: { OAuth2ACG: Record<string, unknown> } } }>();
    const scheme = doc.components.securitySchemes.OAuth2ACG as {
      type: string;
      'x-imssf-registrationUrl': string;
      flows: { authorizationCode: { authorizationUrl: string; tokenUrl: string; refreshUrl: string; scopes: object } };
    };
    expect(scheme.type).toBe('oauth2');
    expect(scheme['x-imssf-registrationUrl']).toBe(AS.registration_endpoint);
    expect(scheme.flows.authorizationCode).toMatchObject({
      authorizationUrl: AS.authorization_endpoint,
      tokenUrl: AS.token_endpoint,
      refreshUrl: AS.token_endpoint,
    });
    expect(Object.keys(scheme.flows.authorizationCode.scopes).sort()).toEqual(ALL_SCOPES.split(' ').sort());
  });

  it('RFC 8414 metadata: oauth4webapi discovers the same endpoints, S256 only, client_secret_basic', async () => {
    const res = await oauth.discoveryRequest(new URL('http://127.0.0.1:8787'), { ...OPTIONS, algorithm: 'oauth2' });
    const found = await oauth.processDiscoveryResponse(new URL('http://127.0.0.1:8787'), res);
    expect(found).toMatchObject({
      ...AS,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic'],
    });
  });

  it('registers, authorizes with PKCE, exchanges the code, calls the API, rotates and revokes', async () => {
    const account = await createAccount({ first: 'Hanako', last: 'Yamada' });
    const cookie = `accessToken=${await createSession(account.id)}`;
    const app = await register();
    expect(app.secret.length).toBeGreaterThanOrEqual(43);
    const stored = await env.DB.prepare('SELECT secret_hash FROM ob3_clients WHERE id = ?')
      .bind(app.client.client_id)
      .first<{ secret_hash: string }>();
    expect(stored?.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.secret_hash).not.toContain(app.secret);

    const { params, verifier, state } = await authorizeParams(app.client.client_id);
    // The authorization URL sends the browser to the consent page with the same request.
    const first = await exports.default.fetch(`${AS.authorization_endpoint}?${params.toString()}`, {
      redirect: 'manual',
    });
    expect(first.status).toBe(302);
    const consent = new URL(first.headers.get('location') ?? '', 'http://127.0.0.1:8787');
    expect(consent.pathname).toBe('/ns/portal/openbadge/oauth/authorize');
    expect(consent.searchParams.get('code_challenge')).toBe(params.get('code_challenge'));

    const allowed = await answer(cookie, params, 'allow');
    expect(allowed.status).toBe(303);
    const callback = oauth.validateAuthResponse(AS, app.client, new URL(allowed.headers.get('location') ?? ''), state);
    expect(allowed.headers.get('location')?.startsWith(`${REDIRECT}?`)).toBe(true);

    const tokenRes = await oauth.authorizationCodeGrantRequest(
      AS,
      app.client,
      oauth.ClientSecretBasic(app.secret),
      callback,
      REDIRECT,
      verifier,
      OPTIONS,
    );
    expect(tokenRes.headers.get('cache-control')).toBe('no-store');
    const tokens = await oauth.processAuthorizationCodeResponse(AS, app.client, tokenRes);
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: ALL_SCOPES });
    expect(tokens.refresh_token).toBeTruthy();

    const list = await exports.default.fetch(`${OB3}/credentials`, { headers: bearer(tokens.access_token) });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('0');
    expect(list.headers.get('link')).toContain('rel="first"');
    const body = await list.json();
    expect(credentialsResponseErrors(body)).toEqual([]);

    const profile = await exports.default.fetch(`${OB3}/profile`, { headers: bearer(tokens.access_token) });
    expect(await profile.json()).toMatchObject({ type: ['Profile'], name: 'Hanako Yamada', email: account.email });
    // Issue 35: the name in the order of the person's own language, the two parts as they are.
    await env.DB.prepare("UPDATE accounts SET language = 'ja' WHERE id = ?").bind(account.id).run();
    const again = await exports.default.fetch(`${OB3}/profile`, { headers: bearer(tokens.access_token) });
    expect(await again.json()).toMatchObject({ name: 'Yamada Hanako', givenName: 'Hanako', familyName: 'Yamada' });

    // Rotation: the new pair works, the old refresh token is spent.
    const refreshed = await oauth.processRefreshTokenResponse(
      AS,
      app.client,
      await oauth.refreshTokenGrantRequest(
        AS,
        app.client,
        oauth.ClientSecretBasic(app.secret),
        tokens.refresh_token ?? '',
        OPTIONS,
      ),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await exports.default.fetch(`${OB3}/profile`, { headers: bearer(refreshed.access_token) })).status).toBe(
      200,
    );

    // RFC 7009: revoking the refresh token ends the grant, its access tokens included.
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(
        AS,
        app.client,
        oauth.ClientSecretBasic(app.secret),
        refreshed.refresh_token ?? '',
        OPTIONS,
      ),
    );
    for (const token of [tokens.access_token, refreshed.access_token]) {
      const res = await exports.default.fetch(`${OB3}/profile`, { headers: bearer(token) });
      expect(res.status).toBe(401);
      const err = await res.json();
      expect(imsxErrors(err)).toEqual([]);
      expect(err).toMatchObject({
        imsx_codeMinor: {
          imsx_codeMinorField: [
            { imsx_codeMinorFieldName: 'E401161', imsx_codeMinorFieldValue: 'unauthorizedrequest' },
          ],
        },
      });
    }
  });

  it('a refresh token used twice is refused and revokes the whole grant (RFC 9700 reuse detection)', async () => {
    const { app, tokens } = await tokensFor();
    const refresh = (token: string) =>
      oauth.refreshTokenGrantRequest(AS, app.client, oauth.ClientSecretBasic(app.secret), token, OPTIONS);
    const next = await oauth.processRefreshTokenResponse(AS, app.client, await refresh(tokens.refresh_token ?? ''));
    const replay = await refresh(tokens.refresh_token ?? '');
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant', error_code: 'E400165' });
    expect((await exports.default.fetch(`${OB3}/profile`, { headers: bearer(next.access_token) })).status).toBe(401);
    expect((await refresh(next.refresh_token ?? '')).status).toBe(400);
  });

  it('"deny" sends access_denied with the state back to the application, and no code', async () => {
    const account = await createAccount();
    const cookie = `accessToken=${await createSession(account.id)}`;
    const app = await register();
    const { params, state } = await authorizeParams(app.client.client_id);
    const res = await answer(cookie, params, 'deny');
    const back = new URL(res.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state });
    const codes = await env.DB.prepare('SELECT COUNT(*) AS n FROM ob3_auth_codes WHERE client_id = ?')
      .bind(app.client.client_id)
      .first<{ n: number }>();
    expect(codes?.n).toBe(0);
  });

  it('a token only reaches what its scope allows (403 insufficient scope, Imsx_StatusInfo)', async () => {
    const { tokens } = await tokensFor(SCOPE.profile);
    const res = await exports.default.fetch(`${OB3}/credentials`, { headers: bearer(tokens.access_token) });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toContain('insufficient_scope');
    const body = await res.json();
    expect(imsxErrors(body)).toEqual([]);
    expect(body).toMatchObject({
      imsx_codeMajor: 'failure',
      imsx_severity: 'error',
      imsx_codeMinor: { imsx_codeMinorField: [{ imsx_codeMinorFieldValue: 'forbidden' }] },
    });
    expect((await exports.default.fetch(`${OB3}/profile`, { headers: bearer(tokens.access_token) })).status).toBe(200);
  });

  it('an expired access token is refused; the wallet session cookie alone opens nothing', async () => {
    const { tokens, cookie } = await tokensFor();
    expect((await exports.default.fetch(`${OB3}/profile`, { headers: { Cookie: cookie } })).status).toBe(401);
    await env.DB.prepare('UPDATE ob3_tokens SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1, await sha256Hex(tokens.access_token))
      .run();
    const res = await exports.default.fetch(`${OB3}/profile`, { headers: bearer(tokens.access_token) });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      imsx_codeMinor: { imsx_codeMinorField: [{ imsx_codeMinorFieldName: 'E401161' }] },
    });
  });

  it('the code is bound to its client: another registered client cannot exchange it', async () => {
    const c = await consentedCode();
    const other = await register();
    const res = await oauth.authorizationCodeGrantRequest(
      AS,
      other.client,
      oauth.ClientSecretBasic(other.secret),
      c.callback,
      REDIRECT,
      c.verifier,
      OPTIONS,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
