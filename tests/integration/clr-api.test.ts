import { env, exports } from 'cloudflare:workers';
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueDoc, newTemplate, ROWS } from './acad-issuing-helpers';
import { course, record, school, type Issuer } from './clr-helpers';
import { BASE, createAccount, createSession } from './helpers';
import { newIssuer } from './issuing-helpers';
import { walletCall } from './ob3-import-helpers';
import {
  ALL_SCOPES,
  AS,
  OPTIONS,
  REDIRECT,
  answer,
  authorizeParams,
  bearer,
  imsxErrors,
  register,
} from './ob3api-helpers';

/**
 * Issue 38, item 3: the CLR 2.0 API beside the OB 3.0 API, on the same OAuth server (one
 * registration, one consent, one token), with its own scopes: getCredentials lists the person's
 * ClrCredentials (the records of documents issued to them here, signed on first use, and the
 * records they hold from elsewhere as received), upsertCredential holds a record and refuses
 * anything else (E422109), getProfile and discovery answer as the OB 3.0 API's do.
 */
const CLR = `${BASE}/ims/clr/v2p0`;
const CLR_SCOPE = {
  read: 'https://purl.imsglobal.org/spec/clr/v2p0/scope/credential.readonly',
  upsert: 'https://purl.imsglobal.org/spec/clr/v2p0/scope/credential.upsert',
  profile: 'https://purl.imsglobal.org/spec/clr/v2p0/scope/profile.readonly',
};
const CLR_SCOPES = `${CLR_SCOPE.read} ${CLR_SCOPE.upsert} ${CLR_SCOPE.profile}`;

/** A person, an application registered for both APIs, and the token of what the person allowed. */
async function tokensFor(scope: string, account?: { id: string; email: string }) {
  const person = account ?? (await createAccount());
  const cookie = `accessToken=${await createSession(person.id)}`;
  const app = await register({ scope: `${ALL_SCOPES} ${CLR_SCOPES}` });
  const { params, verifier, state } = await authorizeParams(app.client.client_id, scope);
  const res = await answer(cookie, params, 'allow');
  const callback = oauth.validateAuthResponse(AS, app.client, new URL(res.headers.get('location') ?? ''), state);
  const grant = await oauth.authorizationCodeGrantRequest(
    AS,
    app.client,
    oauth.ClientSecretBasic(app.secret),
    callback,
    REDIRECT,
    verifier,
    OPTIONS,
  );
  return { account: person, token: (await oauth.processAuthorizationCodeResponse(AS, app.client, grant)).access_token };
}

const get = (path: string, token?: string) =>
  exports.default.fetch(`${CLR}${path}`, { headers: token ? bearer(token) : {} });
let ip = 0;
const upsert = (token: string, body: string, type = 'application/json') =>
  exports.default.fetch(`${CLR}/credentials`, {
    method: 'POST',
    headers: bearer(token, { 'Content-Type': type, 'CF-Connecting-IP': `203.0.113.${(ip++ % 200) + 20}` }),
    body,
  });
type Obj = Record<string, unknown>;

let harbour: Issuer;
beforeAll(async () => {
  harbour = await school('Harbour College');
});

describe('the CLR 2.0 API', () => {
  it('describes itself: its paths, the shared OAuth endpoints, its scopes (also in the server metadata)', async () => {
    const res = await get('/discovery');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Obj;
    expect(doc['servers']).toEqual([{ url: `${BASE}/ims/clr/v2p0` }]);
    expect(Object.keys(doc['paths'] as Obj).sort()).toEqual(['/credentials', '/discovery', '/profile']);
    const scheme = ((doc['components'] as Obj)['securitySchemes'] as Obj)['OAuth2ACG'] as Obj;
    const flow = (scheme['flows'] as Obj)['authorizationCode'] as Obj;
    expect(flow['tokenUrl']).toBe(`${BASE}/ims/ob/v3p0/oauth/token`);
    expect(Object.keys(flow['scopes'] as Obj).sort()).toEqual(Object.values(CLR_SCOPE).sort());
    const metadata = (await (
      await exports.default.fetch(`${BASE}/.well-known/oauth-authorization-server`)
    ).json()) as Obj;
    expect(metadata['scopes_supported']).toEqual(expect.arrayContaining(Object.values(CLR_SCOPE)));
  });

  it("lists the person's records, newest first: a document issued here as its signed record, and one held from elsewhere", async () => {
    const { apiKey } = await newIssuer('Kanto Institute of Technology');
    const template = (await newTemplate(apiKey, { kind: 'transcript' })).id;
    const person = await createAccount();
    const doc = await issueDoc(apiKey, template, person.email, {
      rows: ROWS,
      title: 'Transcript of Records',
      issued_on: '2026-03-01T00:00:00Z',
    });
    expect(doc.res.ok).toBe(true);
    const { token } = await tokensFor(`${CLR_SCOPE.read} ${CLR_SCOPE.upsert}`, person);
    const held = await harbour.sign(
      record(harbour, person.email, [await harbour.sign(course(harbour, person.email, 1))], {
        validFrom: '2026-06-01T00:00:00Z',
      }),
    );
    expect((await upsert(token, JSON.stringify(held))).status).toBe(201);

    const res = await get('/credentials', token);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe('2');
    expect(res.headers.get('Link')).toContain(`<${CLR}/credentials?limit=20&offset=0>; rel="first"`);
    const body = (await res.json()) as { credential: Obj[] };
    expect(body.credential.map((c) => [c['type'], c['name']])).toEqual([
      [['VerifiableCredential', 'ClrCredential'], 'Transcript of records'],
      [['VerifiableCredential', 'ClrCredential'], 'Transcript of Records'],
    ]);
    // The held one exactly as received (its one proof listed as a list of one, as in the OB 3.0 API).
    expect({ ...body.credential[0], proof: (body.credential[0]?.['proof'] as Obj[])[0] }).toEqual(held);
    // The issued one is the record the owner downloads: signed once and kept.
    const kept = await env.DB.prepare(
      'SELECT credential_json AS j FROM clr_credentials c JOIN acad_docs d ON d.id = c.doc_id WHERE d.id = ?',
    )
      .bind(doc.id)
      .first<{ j: string }>();
    expect(body.credential[1]).toMatchObject({ id: (JSON.parse(kept?.j ?? '{}') as Obj)['id'] });
    const page = await get('/credentials?limit=1&offset=1', token);
    expect(((await page.json()) as { credential: Obj[] }).credential).toHaveLength(1);
    expect(page.headers.get('Link')).toContain('rel="prev"');
    // Since a date after the issued one: only the held one.
    const since = (await (await get('/credentials?since=2026-04-01T00:00:00Z', token)).json()) as { credential: Obj[] };
    expect(since.credential).toHaveLength(1);
    // The record of a document issued here, sent back, is the one already in the certificates:
    // not held a second time (the API's "already there", 200; the wallet's E409106 naming it).
    const issuedRecord = JSON.stringify(body.credential[1]);
    expect((await upsert(token, issuedRecord)).status).toBe(200);
    const again = await walletCall(await createSession(person.id), 'AddBadge', { json: issuedRecord }, '203.0.113.9');
    expect([again.http, again.code]).toEqual([409, 'E409106']);
    expect(again.json['errors']).toMatchObject([{ code: 'E409106' }]);
    const heldNow = await env.DB.prepare('SELECT COUNT(*) AS n FROM held_clrs WHERE account_id = ?')
      .bind(person.id)
      .first<{ n: number }>();
    expect(heldNow?.n).toBe(1);
  });

  it('upsert: the same record again is 200; a badge is invalid_data E422109 and nothing is kept', async () => {
    const { account, token } = await tokensFor(CLR_SCOPE.upsert);
    const held = JSON.stringify(await harbour.sign(record(harbour, account.email, [])));
    expect((await upsert(token, held)).status).toBe(201);
    expect((await upsert(token, held, 'application/vc+ld+json')).status).toBe(200);
    const badge = await harbour.sign(course(harbour, account.email, 7));
    const refused = await upsert(token, JSON.stringify(badge));
    const body = await refused.json();
    expect({ status: refused.status, errors: imsxErrors(body) }).toEqual({ status: 400, errors: [] });
    expect(JSON.stringify(body)).toContain('E422109');
    const n = await env.DB.prepare(
      'SELECT (SELECT COUNT(*) FROM held_clrs WHERE account_id = ?1) AS records, (SELECT COUNT(*) FROM host_assertions WHERE account_id = ?1) AS badges',
    )
      .bind(account.id)
      .first<{ records: number; badges: number }>();
    expect(n).toEqual({ records: 1, badges: 0 });
  });

  it('each API needs its own scope: an OB 3.0 token reads no records, a CLR token no badges (403)', async () => {
    const ob = await tokensFor(ALL_SCOPES);
    expect((await get('/credentials', ob.token)).status).toBe(403);
    expect((await get('/profile', ob.token)).status).toBe(403);
    const clr = await tokensFor(CLR_SCOPES);
    const badges = await exports.default.fetch(`${BASE}/ims/ob/v3p0/credentials`, { headers: bearer(clr.token) });
    expect(badges.status).toBe(403);
    const profile = await get('/profile', clr.token);
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ type: ['Profile'] });
    expect((await get('/credentials')).status).toBe(401);
  });

  it('the same record upserted 50 times at once is held once: one 201, the rest 200 or throttled', async () => {
    const { account, token } = await tokensFor(CLR_SCOPE.upsert);
    const held = JSON.stringify(await harbour.sign(record(harbour, account.email, [])));
    const all = await Promise.all(Array.from({ length: 50 }, () => upsert(token, held)));
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 200 || s === 429)).toBe(true);
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM held_clrs WHERE account_id = ?')
      .bind(account.id)
      .first<{ n: number }>();
    expect(n?.n).toBe(1);
  });
});
