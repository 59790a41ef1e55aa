import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/app';
import { BASE, SAME_ORIGIN } from './helpers';

/**
 * Every route the Worker mounts, held against a table written by hand: who may call it and the
 * largest body it reads. A route added to the wrong router, or mounted outside the routers, fails
 * here instead of opening a hole.
 */
type Access = 'session' | 'anonymous' | 'issuerKey' | 'adminToken' | 'devToken';
const KB = 1024;
const SMALL = 256 * KB;
const UPLOAD = 7 * 1024 * KB;
const ISSUER = 8 * 1024 * KB;
const ACAD_DOC = 1024 * KB;

const W = '/api/v1.0/openbadge/v2/Wallet';
const A = '/api/v1.0/account/Wallet';
const I = '/api/issuer/v1';

const session = (path: string, maxBody = SMALL) => [`post ${path}`, { access: 'session', maxBody }] as const;
const open = (path: string, maxBody = SMALL) => [`post ${path}`, { access: 'anonymous', maxBody }] as const;
const issuer = (method: string, path: string) =>
  [`${method} ${I}${path}`, { access: 'issuerKey', maxBody: ISSUER }] as const;

/** The documented routes (OpenAPI), keyed by "method path". */
const DOCUMENTED: Record<string, { access: Access; maxBody: number }> = Object.fromEntries([
  ['get /api/health', { access: 'anonymous', maxBody: SMALL }],
  ['get /ns/portal/openbadge/version.json', { access: 'anonymous', maxBody: SMALL }],
  open(`${A}/Login`),
  open(`${A}/LoginSecondStep`),
  // Issue 22: passkeys, alone or as the second step.
  open(`${A}/LoginPasskey/Options`),
  open(`${A}/LoginPasskey`),
  open(`${A}/LoginSecondStep/Passkey/Options`),
  open(`${A}/LoginSecondStep/Passkey`),
  open(`${A}/CreateAccount`),
  open(`${A}/ActivateAccount`),
  open(`${A}/ForgotPassword`),
  open(`${A}/ResetPassword`),
  // Issue 20: RFC 8058 one-click unsubscribe from information mail (the mail's token names the account).
  open(`${A}/MailReception/OneClick`),
  open(`${A}/OpenbadgeWalletLogout`),
  // Issue 20: the portal's back-channel logout (server to server; the logout token is its proof).
  open('/api/v1.0/account/Portal/BackchannelLogout'),
  session(`${W}/GetUserInfo`),
  session(`${W}/SetTermOfService`),
  session(`${W}/FindList`),
  session(`${W}/GetAssertion`),
  session(`${W}/GetUnacceptedAssertion`),
  session(`${W}/SetReceiveBadgeFromWallet`),
  session(`${W}/SetReceiveAllUnacceptedBadge`),
  session(`${W}/SetHideUnacceptedBadge`),
  session(`${W}/SetAssertionStatus`),
  session(`${W}/DeleteAssertion`),
  session(`${W}/GetHostAssertion`),
  session(`${W}/DeleteHostAssertion`),
  session(`${W}/AddBadge`, UPLOAD),
  session('/api/v1.0/openbadge/v2/AdAssertion/CheckIssuedAcadDocs'),
  session('/api/v1.0/openbadge/v2/AdAssertion/Download/pdf'),
  session('/api/v1.0/openbadge/v2/AdAssertion/Download/clr'),
  session('/api/v1.0/openbadge/v2/AdAssertion/FindListForAcadDoc'),
  session('/api/v1.0/openbadge/v2/AdAssertion/GetAcadDoc'),
  session('/api/v1.0/openbadge/v2/AdAssertion/SetAcadDocStatus'),
  open('/api/v1.0/openbadge/v2/Public/AdAssertion/GetAcadDocDetails'),
  // Issue 38: learner records held from elsewhere.
  session('/api/v1.0/openbadge/v2/AdAssertion/GetHeldRecord'),
  session('/api/v1.0/openbadge/v2/AdAssertion/SetHeldRecordStatus'),
  session('/api/v1.0/openbadge/v2/AdAssertion/DeleteHeldRecord'),
  open('/api/v1.0/openbadge/v2/Public/AdAssertion/GetHeldRecordDetails'),
  session(`${W}/Download/image`),
  session(`${W}/Download/json`),
  session(`${W}/Download/pdf`),
  // Issue 21: the award as an Open Badges 3.0 credential (JSON, baked PNG).
  session(`${W}/Download/ob3json`),
  session(`${W}/Download/ob3image`),
  session(`${W}/Download/Blockchain`),
  session('/api/v1.0/openbadge/v2/AdAssertion/Download/Blockchain'),
  session(`${W}/GetQRCodeForPublicDetail`),
  session(`${W}/SetConfettiShownOnceStatus`),
  session(`${W}/SetClaimableReminderHidden`),
  session(`${W}/Setting/Email/List`),
  session(`${W}/Setting/Email/Add`),
  session(`${W}/Setting/Email/ResendCode`),
  session(`${W}/Setting/Email/Verify`),
  session(`${W}/Setting/Email/SetPrimary`),
  session(`${W}/Setting/Email/Delete`),
  session(`${W}/Setting/Notification/Get`),
  session(`${W}/Setting/Notification/Set`),
  session(`${W}/Setting/Password/Change`),
  // Issue 22: settings, signed-in sessions.
  session(`${W}/Setting/Sessions/List`),
  session(`${W}/Setting/Sessions/SignOut`),
  session(`${W}/Setting/Sessions/SignOutOthers`),
  session(`${W}/Setting/Profile/Get`),
  session(`${W}/Setting/Profile/Set`),
  session(`${W}/Setting/Profile/Image`, UPLOAD),
  session(`${W}/Setting/Profile/Image/Delete`),
  session(`${W}/Setting/Account/Delete`),
  session(`${W}/Setting/TwoStep/Status`),
  session(`${W}/Setting/TwoStep/AppCodes/Start`),
  session(`${W}/Setting/TwoStep/AppCodes/Confirm`),
  session(`${W}/Setting/TwoStep/AppCodes/Off`),
  session(`${W}/Setting/Passkeys/List`),
  session(`${W}/Setting/Passkeys/Register/Options`),
  session(`${W}/Setting/Passkeys/Register/Verify`),
  session(`${W}/Setting/Passkeys/Rename`),
  session(`${W}/Setting/Passkeys/Remove`),
  session(`${W}/Setting/Passkeys/Reauth/Options`),
  session(`${W}/Setting/Merge/Prove`),
  session(`${W}/Setting/Merge/SendCode`),
  session(`${W}/Setting/Merge/Confirm`),
  // Issue 22: whole-wallet export (start, follow, download for seven days).
  session(`${W}/Export/Start`),
  session(`${W}/Export/Status`),
  [`get ${W}/Export/Download/{id}`, { access: 'session', maxBody: SMALL }],
  session(`${W}/Export/Import`, 21 * 1024 * KB),
  session(`${W}/Notification/GetNotifications`),
  session(`${W}/Notification/CheckUnreadNotifications`),
  session(`${W}/Notification/SetNotificationIsRead`),
  session(`${W}/Notification/DeleteNotification`),
  open(`${W}/Public/FindList`),
  open(`${W}/Public/GetAssertion`),
  open(`${W}/Public/GetHostAssertion`),
  open(`${W}/Public/GetAssertionUnAcquired`),
  open(`${W}/Public/Verification`, UPLOAD),
  open(`${W}/SetReceiveBadge`),
  open(`${W}/Search/FindBadgeList`),
  open(`${W}/Search/FindSkillList`),
  open(`${W}/Search/FindIssuerList`),
  open(`${W}/Search/FindAllList`),
  open(`${W}/Issuer/GetIssuer`),
  open(`${W}/Badge/FindIssuerBadgeList`),
  open(`${W}/Badge/FindSkillBadgeList`),
  [`post ${I}/issuers`, { access: 'adminToken', maxBody: ISSUER }],
  [`get ${I}/blockcerts/batches`, { access: 'adminToken', maxBody: 1024 }],
  issuer('patch', '/issuer'),
  issuer('post', '/badge-classes'),
  issuer('patch', '/badge-classes/{id}'),
  issuer('post', '/awards'),
  issuer('post', '/assertions/{id}/revoke'),
  issuer('post', '/assertions/{id}/reissue'),
  issuer('delete', '/assertions/{id}'),
  [`post ${I}/cert-templates`, { access: 'issuerKey', maxBody: ISSUER }],
  [`get ${I}/cert-templates`, { access: 'issuerKey', maxBody: ISSUER }],
  [`get ${I}/cert-templates/{id}`, { access: 'issuerKey', maxBody: ISSUER }],
  [`patch ${I}/cert-templates/{id}`, { access: 'issuerKey', maxBody: ISSUER }],
  [`delete ${I}/cert-templates/{id}`, { access: 'issuerKey', maxBody: ISSUER }],
  [`post ${I}/acad-docs`, { access: 'issuerKey', maxBody: ACAD_DOC }],
  [`get ${I}/acad-docs/{id}`, { access: 'issuerKey', maxBody: ACAD_DOC }],
  [`post ${I}/acad-docs/{id}/revoke`, { access: 'issuerKey', maxBody: ACAD_DOC }],
  [`post ${I}/acad-docs/{id}/reissue`, { access: 'issuerKey', maxBody: ACAD_DOC }],
  [`delete ${I}/acad-docs/{id}`, { access: 'issuerKey', maxBody: ACAD_DOC }],
  [`get ${I}/acad-docs/{id}/clr`, { access: 'issuerKey', maxBody: ACAD_DOC }],
  ['post /api/dev/sql', { access: 'devToken', maxBody: 4 * 1024 * KB }],
  ['post /api/dev/acad-pdf', { access: 'devToken', maxBody: 4 * 1024 * KB }],
  ['post /api/dev/anchor', { access: 'devToken', maxBody: 4 * 1024 * KB }],
  ['get /api/dev/maintenance-page', { access: 'devToken', maxBody: 4 * 1024 * KB }],
  ['post /api/dev/faults', { access: 'devToken', maxBody: 4 * 1024 * KB }],
  ['post /api/dev/scheduled', { access: 'devToken', maxBody: 4 * 1024 * KB }],
]);

/** Routes outside the OpenAPI document: documents and images anyone may GET, and the docs. */
const PLAIN_GETS = new Set([
  '/api/openapi.json',
  '/api/docs',
  '/api/v1.0/openBadge/v2/Assertion/:id',
  '/api/v1.0/openBadge/v2/Assertion/:id/image',
  '/api/v1.0/openBadge/v2/BadgeClass/:id',
  '/api/v1.0/openBadge/v2/Issuer/:id',
  '/api/v1.0/openBadge/v2/:kind{Issuer|BadgeClass}/:id/image',
  '/api/v1.0/openBadge/v2/CryptographicKey/:id',
  '/api/v1.0/openBadge/v2/RevocationList/:id',
  '/api/v1.0/openBadge/v2/Assertion/Host/:id/image',
  '/api/v1.0/openBadge/v2/BlockcertsIssuer/:id',
  '/api/v1.0/openBadge/v2/BlockcertsRevocationList/:id',
  '/api/v1.0/openBadge/v2/AssertionBC/:id',
  // Issue 21: OB 3.0 issuing documents (issuers' did:web documents, status lists, credentials).
  '/api/v1.0/openBadge/v3/issuers/:id/did.json',
  '/api/v1.0/openBadge/v3/issuers/:id/status/:n{[0-9]{1,6}}',
  '/api/v1.0/openBadge/v3/credentials/:id',
  `${W}/Public/ShareImage/:file{[A-Za-z0-9_-]+\\.png}`,
  `${W}/Public/ShareImage/:kind{class|issuer|skill}/:file{[A-Za-z0-9_-]+\\.png}`,
  `${W}/Public/ShareImage/acaddoc/:file{[A-Za-z0-9_-]+\\.png}`,
  `${W}/Public/ShareImage/record/:file{[A-Za-z0-9_-]+\\.png}`,
  `${W}/Public/ProfileImage/:account/:file{[A-Za-z0-9_-]+\\.(png|jpg)}`,
]);

/**
 * Issue 21: the 1EdTech OB 3.0 host API, mounted at the specification's paths outside /api with
 * its own guards: OAuth client secret (Basic), a Bearer access token with a scope, or the wallet
 * session for the consent answer. Its error bodies are RFC 6749 JSON or Imsx_StatusInfo.
 */
type Ob3Access = 'anonymous' | 'session' | 'clientSecret' | 'ob3Token';
const OB3_OAUTH_BODY = 16 * KB;
const OB3_ROUTES: Record<string, { access: Ob3Access; maxBody: number }> = {
  'get /ims/ob/v3p0/discovery': { access: 'anonymous', maxBody: 0 },
  'post /ims/ob/v3p0/oauth/register': { access: 'anonymous', maxBody: OB3_OAUTH_BODY },
  'get /ims/ob/v3p0/oauth/authorize': { access: 'anonymous', maxBody: OB3_OAUTH_BODY },
  'post /ims/ob/v3p0/oauth/authorize': { access: 'session', maxBody: OB3_OAUTH_BODY },
  'post /ims/ob/v3p0/oauth/token': { access: 'clientSecret', maxBody: OB3_OAUTH_BODY },
  'post /ims/ob/v3p0/oauth/revoke': { access: 'clientSecret', maxBody: OB3_OAUTH_BODY },
  'get /ims/ob/v3p0/credentials': { access: 'ob3Token', maxBody: 0 },
  'post /ims/ob/v3p0/credentials': { access: 'ob3Token', maxBody: SMALL },
  'get /ims/ob/v3p0/profile': { access: 'ob3Token', maxBody: 0 },
  // Issue 38: the CLR 2.0 API's resource calls, on the same OAuth server.
  'get /ims/clr/v2p0/discovery': { access: 'anonymous', maxBody: 0 },
  'get /ims/clr/v2p0/credentials': { access: 'ob3Token', maxBody: 0 },
  'post /ims/clr/v2p0/credentials': { access: 'ob3Token', maxBody: SMALL },
  'get /ims/clr/v2p0/profile': { access: 'ob3Token', maxBody: 0 },
  // RFC 8414 metadata of the same authorization server, at the origin's well-known path.
  'get /.well-known/oauth-authorization-server': { access: 'anonymous', maxBody: 0 },
};
const OB3_UNAUTHENTICATED: Record<Ob3Access, string> = {
  anonymous: 'not refused',
  session: '401 E401100',
  clientSecret: '401 E401160',
  ob3Token: '401 E401161',
};

interface Operation {
  'x-access'?: Access;
  'x-max-body'?: number;
  security?: Record<string, string[]>[];
}

async function documented(): Promise<Map<string, Operation>> {
  const doc = await (
    await SELF.fetch(`${BASE}/api/openapi.json`)
  ).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  const ops = new Map<string, Operation>();
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item)) ops.set(`${method} ${path}`, op);
  return ops;
}

const parts = (key: string) => {
  const [method = '', path = ''] = key.split(' ');
  return { method, path };
};
const concrete = (key: string) => parts(key).path.replaceAll('{id}', 'route-rules-missing');
const UNAUTHENTICATED: Record<Access, string> = {
  anonymous: 'not refused',
  session: '401 E401100',
  issuerKey: '401 E401101',
  adminToken: '401 E401101',
  // The development endpoint does not exist for anyone without the token of the running server.
  devToken: '404 E404100',
};

async function call(key: string, body: string) {
  const res = await SELF.fetch(`${BASE}${concrete(key)}`, {
    method: parts(key).method.toUpperCase(),
    headers: SAME_ORIGIN,
    body,
  });
  const text = await res.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { errors?: { code: string }[] }).errors?.[0]?.code;
  } catch {
    code = undefined;
  }
  return { status: res.status, code };
}

describe('the development SQL endpoint', () => {
  const app = createServer();
  const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} };
  const TOKEN = 'route-rules-dev-token-0123456789abcdef';
  const run = (environment: string, token: string | undefined, bearer: string, sql = 'SELECT ? AS n') =>
    app.fetch(
      new Request(`${BASE}/api/dev/sql`, {
        method: 'POST',
        headers: { ...SAME_ORIGIN, Authorization: `Bearer ${bearer}` },
        body: JSON.stringify({ statements: [{ sql, params: [7] }] }),
      }),
      { ...env, ENVIRONMENT: environment, DEV_SQL_TOKEN: token },
      ctx as unknown as ExecutionContext,
    );

  it('runs statements for the bearer of the running server token, outside production only', async () => {
    const res = await run('development', TOKEN, TOKEN);
    expect(await res.json()).toMatchObject({ status: 200, results: [[{ n: 7 }]] });
    expect((await run('production', TOKEN, TOKEN)).status).toBe(404);
    expect((await run('development', undefined, TOKEN)).status).toBe(404);
    expect((await run('development', TOKEN, `${TOKEN}x`)).status).toBe(404);
  });

  it('answers a statement the database refuses with 400 and its reason, never 500 (issue 33, item 7)', async () => {
    for (const sql of ['SELEC ? AS n', 'SELECT ? FROM no_such_table']) {
      const res = await run('development', TOKEN, TOKEN, sql);
      const body = await res.json<{ status: number; errors: { code: string; message: string }[] }>();
      expect([res.status, body.status, body.errors[0]?.code]).toEqual([400, 400, 'E400180']);
      expect(body.errors[0]?.message).toMatch(
        /^The database refused a development statement: .*(syntax error|no such table)/,
      );
    }
  });

  it("is left out of production's OpenAPI document and API page, listed in development (issue 33, item 7)", async () => {
    const fetchIn = async (environment: string, path: string) =>
      app.fetch(
        new Request(`${BASE}${path}`),
        { ...env, ENVIRONMENT: environment },
        ctx as unknown as ExecutionContext,
      );
    type Doc = { paths: Record<string, unknown>; components?: { securitySchemes?: Record<string, unknown> } };
    const prod = await (await fetchIn('production', '/api/openapi.json')).json<Doc>();
    const dev = await (await fetchIn('development', '/api/openapi.json')).json<Doc>();
    const devPaths = (doc: Doc) => Object.keys(doc.paths).filter((p) => p.startsWith('/api/dev'));
    expect(devPaths(prod)).toEqual([]);
    expect(prod.components?.securitySchemes).not.toHaveProperty('devToken');
    expect(Object.keys(prod.paths)).toContain('/api/health');
    expect(devPaths(dev)).toContain('/api/dev/sql');
    expect(dev.components?.securitySchemes).toHaveProperty('devToken');
    expect(await (await fetchIn('production', '/api/docs')).text()).not.toContain('/api/dev/');
    expect(await (await fetchIn('development', '/api/docs')).text()).toContain('/api/dev/sql');
  });
});

describe('route rules', () => {
  it('the OpenAPI document lists exactly the routes of the table, each with its access rule and body cap', async () => {
    const ops = await documented();
    expect([...ops.keys()].sort()).toEqual(Object.keys(DOCUMENTED).sort());
    for (const [key, rule] of Object.entries(DOCUMENTED)) {
      const op = ops.get(key) ?? {};
      expect({ key, access: op['x-access'], maxBody: op['x-max-body'] }).toEqual({ key, ...rule });
      expect(op.security).toEqual(rule.access === 'anonymous' ? [] : [{ [rule.access]: [] }]);
    }
  });

  it('every route mounted under /api is documented or a known public GET', () => {
    const documentedPaths = new Set(Object.keys(DOCUMENTED).map((k) => k.replace(/\{(\w+)\}/g, ':$1')));
    const mounted = createServer()
      .routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
      .map((r) => `${r.method.toLowerCase()} ${r.path}`);
    const unknown = [...new Set(mounted)].filter((k) => {
      if (documentedPaths.has(k)) return false;
      const { method, path } = parts(k);
      return !(method === 'get' && PLAIN_GETS.has(path));
    });
    expect(unknown).toEqual([]);
  });

  it('a call without credentials is refused exactly where the table says', async () => {
    const seen: Record<string, string> = {};
    const want: Record<string, string> = {};
    for (const [key, rule] of Object.entries(DOCUMENTED)) {
      if (key.startsWith('get ')) continue;
      const r = await call(key, '{}');
      expect(r.status, key).toBeLessThan(500);
      // E401141 (no pending sign-in) is the anonymous second step's own answer about its cookie, not a
      // refusal for missing credentials: LoginSecondStep/Passkey/Options reads no body and answers it.
      const refused = (r.status === 401 && r.code !== 'E401141') || (r.status === 404 && r.code === 'E404100');
      seen[key] = refused ? `${r.status} ${r.code}` : 'not refused';
      want[key] = UNAUTHENTICATED[rule.access];
    }
    expect(seen).toEqual(want);
  });

  it('a body one byte over the cap is refused with E413100 before anything else runs, and one at the cap is read', async () => {
    for (const [key, rule] of Object.entries(DOCUMENTED)) {
      if (key.startsWith('get ')) continue;
      const over = await call(key, `"${'x'.repeat(rule.maxBody - 1)}"`);
      expect({ key, status: over.status, code: over.code }).toEqual({ key, status: 413, code: 'E413100' });
      const at = await call(key, `"${'x'.repeat(rule.maxBody - 2)}"`);
      expect({ key, status: at.status }).not.toEqual({ key, status: 413 });
    }
  });
});

describe('route rules of the OB 3.0 host API (issue 21)', () => {
  const ob3Call = async (key: string, body?: string) => {
    const { method, path } = parts(key);
    const res = await SELF.fetch(`${BASE}${path}`, {
      method: method.toUpperCase(),
      redirect: 'manual',
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' },
      ...(method === 'post' ? { body: body ?? '' } : {}),
    });
    const json = await res.json<Record<string, unknown>>().catch(() => ({}) as Record<string, unknown>);
    const minor = (
      json['imsx_codeMinor'] as { imsx_codeMinorField?: { imsx_codeMinorFieldName: string }[] } | undefined
    )?.imsx_codeMinorField?.[0]?.imsx_codeMinorFieldName;
    return { status: res.status, code: (json['error_code'] as string | undefined) ?? minor };
  };

  it('every route mounted under /ims/ or /.well-known/ is in the table', () => {
    const mounted = createServer()
      .routes.filter((r) => r.method !== 'ALL' && (r.path.startsWith('/ims/') || r.path.startsWith('/.well-known/')))
      .map((r) => `${r.method.toLowerCase()} ${r.path}`);
    expect([...new Set(mounted)].sort()).toEqual(Object.keys(OB3_ROUTES).sort());
  });

  it('a call without credentials is refused exactly where the table says', async () => {
    const seen: Record<string, string> = {};
    const want: Record<string, string> = {};
    for (const [key, rule] of Object.entries(OB3_ROUTES)) {
      const r = await ob3Call(key);
      expect(r.status, key).toBeLessThan(500);
      seen[key] = r.status === 401 ? `401 ${r.code}` : 'not refused';
      want[key] = OB3_UNAUTHENTICATED[rule.access];
    }
    expect(seen).toEqual(want);
  });

  it('a body one byte over the cap is refused with E413100 before anything else runs', async () => {
    for (const [key, rule] of Object.entries(OB3_ROUTES)) {
      if (key.startsWith('get ')) continue;
      const over = await ob3Call(key, 'x'.repeat(rule.maxBody + 1));
      expect({ key, status: over.status, code: over.code }).toEqual({ key, status: 413, code: 'E413100' });
      const at = await ob3Call(key, 'x'.repeat(rule.maxBody));
      expect({ key, status: at.status }).not.toEqual({ key, status: 413 });
    }
  });
});
