import * as oauth from 'oauth4webapi';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja.json' with { type: 'json' };
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';

/**
 * Issue 21: another wallet connects to a person's Lanyard wallet through the OB 3.0 API: the
 * authorization URL, sign-in with the return to the consent page, the consent page in the person's
 * language, Allow (code back to the application, exchanged by oauth4webapi, credentials read) and
 * Deny (access_denied). The application's callback is answered by the browser route, so the
 * form-action of the consent page is what lets the 303 through.
 */
const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';
const PASSWORD = 'Kestrel#Wing42';
// Not a port Chromium refuses (ERR_UNSAFE_PORT); nothing listens there: the browser route answers.
const REDIRECT = 'http://127.0.0.1:4999/callback';
const READ = 'https://purl.imsglobal.org/spec/ob/v3p0/scope/credential.readonly';
const PROFILE = 'https://purl.imsglobal.org/spec/ob/v3p0/scope/profile.readonly';
const AS: oauth.AuthorizationServer = {
  issuer: ORIGIN,
  authorization_endpoint: `${ORIGIN}/ims/ob/v3p0/oauth/authorize`,
  token_endpoint: `${ORIGIN}/ims/ob/v3p0/oauth/token`,
  registration_endpoint: `${ORIGIN}/ims/ob/v3p0/oauth/register`,
};
const OPTIONS = { [oauth.allowInsecureRequests]: true };
const fill = (s: string, vars: Record<string, string>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');

async function registerApp() {
  const res = await oauth.dynamicClientRegistrationRequest(
    AS,
    {
      client_name: 'Kestrel Wallet',
      client_uri: 'https://kestrel.example/',
      redirect_uris: [REDIRECT],
      scope: `${READ} ${PROFILE}`,
    },
    {
      ...OPTIONS,
      headers: new Headers({
        'CF-Connecting-IP': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      }),
    },
  );
  const client = await oauth.processDynamicClientRegistrationResponse(res);
  return { client: { client_id: client.client_id }, secret: String(client['client_secret']) };
}

async function authorizationUrl(clientId: string) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(AS.authorization_endpoint ?? '');
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: `${READ} ${PROFILE}`,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.href, verifier, state };
}

test('a person signs in, reads the consent page in Japanese, allows, and the app reads the wallet; deny sends access_denied', async ({
  page,
  problems,
}) => {
  test.setTimeout(90_000);
  const email = `ob3-consent-${Date.now()}@example.test`;
  await registerAndActivate(ORIGIN, { email, password: PASSWORD, firstName: 'Aoi', lastName: 'Sato', language: 'ja' });
  const app = await registerApp();
  // The application's callback: the browser reaches it only if the consent page's form-action allows it.
  const callbacks: string[] = [];
  await page.route(`${REDIRECT}**`, async (route) => {
    callbacks.push(route.request().url());
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>callback</title><p>callback</p>',
    });
  });

  const first = await authorizationUrl(app.client.client_id);
  await page.goto(`${BASE}/login?language=ja`);
  await page.goto(first.url);
  // Signed out: the login page, which returns to the consent page afterwards.
  await expect(page).toHaveURL(/\/ns\/portal\/openbadge\/login\?redirect=/);
  await hydrated(page, 'LoginForm');
  await page.getByLabel(ja.login.email).fill(email);
  await page.getByRole('button', { name: ja.login.next, exact: true }).click();
  await page.getByLabel(ja.login.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: ja.login.submit, exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: ja.ob3api.consent_title })).toBeVisible();
  await expect(page.getByText(fill(ja.ob3api.consent_lead, { client: 'Kestrel Wallet' }))).toBeVisible();
  await expect(page.getByText(ja.ob3api.scope_credential_read)).toBeVisible();
  await expect(page.getByText(ja.ob3api.scope_profile_read)).toBeVisible();
  await expect(page.getByText(ja.ob3api.scope_credential_upsert)).toHaveCount(0);
  await expect(page.getByText(fill(ja.ob3api.redirect_note, { host: '127.0.0.1:4999' }))).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: ja.ob3api.allow }).click();
  await expect(page.getByText('callback', { exact: true })).toBeVisible();
  const back = new URL(callbacks.at(-1) ?? '');
  const params = oauth.validateAuthResponse(AS, app.client, back, first.state);
  const tokens = await oauth.processAuthorizationCodeResponse(
    AS,
    app.client,
    await oauth.authorizationCodeGrantRequest(
      AS,
      app.client,
      oauth.ClientSecretBasic(app.secret),
      params,
      REDIRECT,
      first.verifier,
      OPTIONS,
    ),
  );
  const profile = await fetch(`${ORIGIN}/ims/ob/v3p0/profile`, {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  });
  expect(await profile.json()).toMatchObject({ type: ['Profile'], email });
  const list = await fetch(`${ORIGIN}/ims/ob/v3p0/credentials`, {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  });
  expect(list.status).toBe(200);
  expect(list.headers.get('x-total-count')).toBe('0');

  // A second request, answered "deny": the application learns access_denied, with its state.
  const second = await authorizationUrl(app.client.client_id);
  await page.goto(second.url);
  await page.getByRole('button', { name: ja.ob3api.deny }).click();
  await expect(page.getByText('callback', { exact: true })).toBeVisible();
  const denied = new URL(callbacks.at(-1) ?? '');
  expect(Object.fromEntries(denied.searchParams)).toEqual({ error: 'access_denied', state: second.state });

  // Settings, connected apps: the application and what it may do; "Disconnect" ends its access.
  await page.goto(`${BASE}/setting?menu=1`);
  await page.getByRole('link', { name: ja.ob3api.apps_title }).click();
  await expect(page.getByRole('heading', { level: 1, name: ja.ob3api.apps_title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Kestrel Wallet' })).toBeVisible();
  await expect(page.getByText(ja.ob3api.scope_credential_read)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: ja.ob3api.apps_revoke }).click();
  await expect(page.getByRole('status')).toHaveText(ja.ob3api.apps_revoked);
  await expect(page.getByText(ja.ob3api.apps_none)).toBeVisible();
  const after = await fetch(`${ORIGIN}/ims/ob/v3p0/profile`, {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  });
  expect(after.status).toBe(401);
  expect(problems).toEqual([]);
});

test('a request with an unregistered redirect URI is shown on the consent page and never redirected', async ({
  page,
}) => {
  const app = await registerApp();
  const { url } = await authorizationUrl(app.client.client_id);
  const bad = new URL(url);
  bad.searchParams.set('redirect_uri', 'https://evil.example/callback');
  const res = await page.request.get(bad.href, { maxRedirects: 0 });
  expect(res.status()).toBe(400);
  expect(res.headers()['location']).toBeUndefined();
  // Arriving at the consent page itself with it (signed in) shows the refusal in the page language.
  const email = `ob3-bad-${Date.now()}@example.test`;
  await registerAndActivate(ORIGIN, { email, password: PASSWORD, firstName: 'Ren', lastName: 'Ito', language: 'en' });
  await page.goto(`${BASE}/login?redirect=${encodeURIComponent(`${BASE}/oauth/authorize${bad.search}`)}`);
  await hydrated(page, 'LoginForm');
  await page.getByLabel(en.login.email).fill(email);
  await page.getByRole('button', { name: en.login.next, exact: true }).click();
  await page.getByLabel(en.login.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: en.login.submit, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.ob3api.invalid_title })).toBeVisible();
  await expect(page.getByText(en.errors.E400161)).toBeVisible();
  await expect(page.getByRole('button', { name: en.ob3api.allow })).toHaveCount(0);
});
