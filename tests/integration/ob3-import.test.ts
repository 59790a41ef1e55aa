import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { bakeOb3Png, bakeOb3Svg } from '../../src/server/openbadges/baking';
import { ob3CredentialOf } from '../../src/server/ob3/issue/service';
import { verifyFromForm } from '../../src/server/verify/form';
import { BASE, SAME_ORIGIN, createAccount, createSession, unique } from './helpers';
import { awardTo, newBadgeClass, newIssuer } from './issuing-helpers';
import {
  SERVER,
  didKey,
  ob3Credential,
  ob3Jwt,
  put,
  putStatusList,
  statusEntry,
  walletCall,
  type Obj,
} from './ob3-import-helpers';

/**
 * Issue 21, holding Open Badges 3.0: every import form (pasted JSON, VC-JWT, baked PNG and SVG,
 * URL), the refusals (wrong or unverified recipient, revoked, unverifiable, garbage, duplicates, 50
 * parallel), the stored format and raw credential, the detail data, search, publishing, the public
 * verification of the stored credential, and the nightly re-verification seeing a revocation.
 */
const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

beforeAll(() => {
  // The stand-in's outbound allow list: the Worker under test reads OUTBOUND_TEST_ALLOW from env.
  (env as unknown as Record<string, string>)['OUTBOUND_TEST_ALLOW'] = new URL(SERVER).host;
});

let ip = 0;
/** A fresh account per test: the import limit is ten a minute per account. */
async function me() {
  const acct = await createAccount();
  return { ...acct, token: await createSession(acct.id) };
}
const add = (token: string, body: Obj) => walletCall(token, 'AddBadge', body, `198.51.100.${(ip++ % 200) + 20}`);

const rows = (accountId: string) =>
  env.DB.prepare(
    `SELECT id, name, issuer_name, recipient_email, format, raw_credential, source_url, external_id, issued_on
     FROM host_assertions WHERE account_id = ?`,
  )
    .bind(accountId)
    .all<Obj>()
    .then((r) => r.results);

describe('import forms', () => {
  it('pasted JSON: stored as ob3 with the text as received, and the detail shows what 3.0 adds', async () => {
    const u = await me();
    const key = await didKey();
    const json = JSON.stringify(await key.sign(ob3Credential(key.did, u.email)), null, 1);
    const r = await add(u.token, { json });
    expect(r.json).toMatchObject({ status: 200 });
    const [row] = await rows(u.id);
    expect(row).toMatchObject({
      name: 'Knot tying',
      issuer_name: 'Harbour Guild',
      recipient_email: u.email,
      format: 'ob3',
      raw_credential: json.trim(),
      source_url: null,
      issued_on: Date.parse('2026-03-04T05:06:07Z'),
    });
    expect(String(row?.['external_id'])).toMatch(/^urn:uuid:/);
    const detail = await walletCall(u.token, 'GetHostAssertion', { assertion_id: r.json['assertion_id'] });
    const a = detail.json['assertion'] as Obj;
    expect(a).toMatchObject({
      name: 'Knot tying',
      criteria: { narrative: 'Tie them blindfolded.' },
      evidence: [{ id: 'https://guild.example/evidence/1', name: 'Video of the knots' }],
      // The credential id is a URN, not a page: nothing to link as "the JSON".
      assertion_url: '',
      verification: { status: 'valid' },
    });
    expect(a['ob3']).toEqual({
      achievementType: 'Certificate',
      skills: ['rigging', 'seamanship'],
      resultDescriptions: [{ name: 'Knots tied', resultType: 'ScaledScore', requiredValue: '6' }],
      results: [{ name: 'Knots tied', value: '6', status: null }],
      // XSS-02: the javascript: target is kept as text, never as a link.
      alignments: [
        { name: 'Rope work', url: 'https://framework.example/rope', framework: 'Sea Skills', code: 'R-1' },
        { name: 'Hostile link', url: null, framework: null, code: null },
      ],
      endorsements: [],
    });
    // The "process completed" notification of the import, as for 2.0.
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM notifications WHERE account_id = ? AND type = 2')
      .bind(u.id)
      .first<{ n: number }>();
    expect(n?.n).toBe(1);
  });

  it('a compact VC-JWT: stored as the JWT itself', async () => {
    const u = await me();
    const { jwt } = await ob3Jwt((did) => ob3Credential(did, u.email));
    const r = await add(u.token, { json: `\n${jwt}\n` });
    expect(r.json).toMatchObject({ status: 200 });
    expect(await rows(u.id)).toMatchObject([{ format: 'ob3', raw_credential: jwt, name: 'Knot tying' }]);
  });

  it('baked PNG (iTXt openbadgecredential, JSON) and baked SVG (VC-JWT)', async () => {
    const u = await me();
    const key = await didKey();
    const json = JSON.stringify(await key.sign(ob3Credential(key.did, u.email, { name: 'Baked PNG' })));
    const png = await add(u.token, { image: b64(bakeOb3Png(PNG_1X1, json)), file_name: 'badge.png' });
    expect(png.json).toMatchObject({ status: 200 });
    const { jwt } = await ob3Jwt((did) => ob3Credential(did, u.email));
    const svg = await add(u.token, { image: b64(bakeOb3Svg(SVG, jwt)), file_name: 'badge.svg' });
    expect(svg.json).toMatchObject({ status: 200 });
    const stored = await rows(u.id);
    expect(stored.map((s) => s['raw_credential']).sort()).toEqual([json, jwt].sort());
    expect(stored.every((s) => s['format'] === 'ob3')).toBe(true);
  });

  it('by URL: the credential read there is kept, with where it was found', async () => {
    const u = await me();
    const key = await didKey();
    const path = `/store/${unique('ob3-hosted')}`;
    const signed = await key.sign(ob3Credential(key.did, u.email, { id: `${SERVER}${path}` }));
    await put(path, signed);
    const r = await add(u.token, { url: `${SERVER}${path}` });
    expect(r.json).toMatchObject({ status: 200 });
    const [row] = await rows(u.id);
    expect(row).toMatchObject({ format: 'ob3', source_url: `${SERVER}${path}`, external_id: `${SERVER}${path}` });
    expect(JSON.parse(String(row?.['raw_credential']))).toEqual(signed);
  });
});

describe('refusals', () => {
  it('another address (E422101), an unverified address of the account (E422101)', async () => {
    const u = await me();
    const key = await didKey();
    const other = await add(u.token, { json: JSON.stringify(await key.sign(ob3Credential(key.did, 'x@else.test'))) });
    expect(other.code).toBe('E422101');
    const unverified = `${unique('unv')}@example.test`;
    await env.DB.prepare(
      `INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at)
       VALUES (?, ?, ?, ?, NULL, 0, ?)`,
    )
      .bind(unique('em'), u.id, unverified, unverified, Date.now())
      .run();
    const r = await add(u.token, { json: JSON.stringify(await key.sign(ob3Credential(key.did, unverified))) });
    expect(r.code).toBe('E422101');
    expect(await rows(u.id)).toEqual([]);
  });

  it('revoked in its status list (E422102); a status list that fails is "try later" (E422103)', async () => {
    const u = await me();
    const key = await didKey();
    const list = await putStatusList(`/store/${unique('ob3-list')}`, key, [5]);
    const revoked = await key.sign(ob3Credential(key.did, u.email, statusEntry(list, 5)));
    expect((await add(u.token, { json: JSON.stringify(revoked) })).code).toBe('E422102');
    const down = await key.sign(ob3Credential(key.did, u.email, statusEntry(`${SERVER}/ob3/status-500`, 5)));
    expect((await add(u.token, { json: JSON.stringify(down) })).code).toBe('E422103');
    const active = await key.sign(ob3Credential(key.did, u.email, statusEntry(list, 6)));
    expect((await add(u.token, { json: JSON.stringify(active) })).json.status).toBe(200);
    expect(await rows(u.id)).toHaveLength(1);
  });

  it('changed after signing (E422102), garbage (E422100), two inputs at once (E400103); never a 500', async () => {
    const u = await me();
    const key = await didKey();
    const signed = await key.sign(ob3Credential(key.did, u.email));
    expect((await add(u.token, { json: JSON.stringify({ ...signed, name: 'Forged' }) })).code).toBe('E422102');
    for (const json of ['{"hello":"world"}', 'not a credential', '{"@context":', 'a.b.c']) {
      const r = await add(u.token, { json });
      expect(r.http).toBeLessThan(500);
      expect(['E422100', 'E422102']).toContain(r.code);
    }
    expect((await add(u.token, { json: JSON.stringify(signed), url: 'https://example.org/a' })).code).toBe('E400103');
    // An image with no credential in it.
    expect((await add(u.token, { image: b64(PNG_1X1), file_name: 'x.png' })).code).toBe('E422100');
    expect(await rows(u.id)).toEqual([]);
  });

  it('the same credential twice (E409106), also once as JSON and once baked', async () => {
    const u = await me();
    const key = await didKey();
    const json = JSON.stringify(await key.sign(ob3Credential(key.did, u.email)));
    expect((await add(u.token, { json })).json.status).toBe(200);
    expect((await add(u.token, { json })).code).toBe('E409106');
    expect((await add(u.token, { image: b64(bakeOb3Png(PNG_1X1, json)), file_name: 'b.png' })).code).toBe('E409106');
    expect(await rows(u.id)).toHaveLength(1);
  });

  it('a badge issued here, as its OB 3.0 credential, is already in the list (E409106)', async () => {
    const u = await me();
    const { apiKey } = await newIssuer('Lanyard Own Academy');
    const [award] = (await awardTo(apiKey, await newBadgeClass(apiKey, { name: 'Own badge' }), [u.email])).ids;
    await env.DB.prepare('UPDATE assertions SET account_id = ?, accept_status = 2 WHERE id = ?')
      .bind(u.id, award)
      .run();
    const credential = await ob3CredentialOf(env, award ?? '');
    const r = await add(u.token, { json: JSON.stringify(credential) });
    expect(r.code).toBe('E409106');
    expect(await rows(u.id)).toEqual([]);
  });

  it('a credential with a 150 KB data-URI image (as OB 3.0 issuers embed them) is imported; past 256 KB: E413100', async () => {
    const u = await me();
    const key = await didKey();
    const withImage = async (padding: number) => {
      const c = ob3Credential(key.did, u.email);
      const subject = c['credentialSubject'] as { achievement: Obj };
      subject.achievement['image'] = {
        id: `data:image/png;base64,${b64(PNG_1X1)}${'A'.repeat(padding)}`,
        type: 'Image',
      };
      return JSON.stringify(await key.sign(c));
    };
    const big = await add(u.token, { json: await withImage(700_000) });
    expect([big.http, big.code]).toEqual([413, 'E413100']);
    expect((await add(u.token, { json: await withImage(150_000) })).json).toMatchObject({ status: 200 });
    expect(await rows(u.id)).toHaveLength(1);
  });

  it('50 parallel imports of one credential keep exactly one row', async () => {
    const u = await me();
    const key = await didKey();
    const json = JSON.stringify(await key.sign(ob3Credential(key.did, u.email)));
    const all = await Promise.all(Array.from({ length: 50 }, () => add(u.token, { json })));
    expect(all.filter((r) => r.json.status === 200)).toHaveLength(1);
    // The rest: already imported, or over the per-account import limit (10 a minute).
    expect(all.every((r) => r.json.status === 200 || r.code === 'E409106' || r.code === 'E429100')).toBe(true);
    expect(await rows(u.id)).toHaveLength(1);
  });
});

describe('in the wallet', () => {
  it('search finds it by name, skill and issuer; published, its public page data and public verification say valid', async () => {
    const u = await me();
    const { jwt } = await ob3Jwt((did) => ob3Credential(did, u.email, {}));
    const r = await add(u.token, { json: jwt });
    expect(r.json.status).toBe(200);
    const id = String(r.json['assertion_id']);
    const found = async (keyword: string, types: number[]) =>
      (
        (await walletCall(u.token, 'FindList', { search_keyword: keyword, search_types: types })).json[
          'assertions'
        ] as Obj[]
      ).map((a) => a['id']);
    expect(await found('knot', [0])).toEqual([id]);
    expect(await found('harbour guild', [1])).toEqual([id]);
    // By a skill (the achievement's tag) under "badge name", and with no type given.
    expect(await found('seamanship', [0])).toEqual([id]);
    expect(await found('rigging knot', [])).toEqual([id]);
    expect(await found('seamanship', [1])).toEqual([]);
    expect(await found('sailing-nothing', [0])).toEqual([]);
    // Not public yet: its public data and its public verification are not there.
    expect((await walletCall(u.token, 'Public/GetHostAssertion', { assertion_id: id })).http).toBe(404);
    expect((await walletCall(u.token, 'SetAssertionStatus', { assertion_id: id, is_public: true })).json.status).toBe(
      200,
    );
    const pub = await walletCall('', 'Public/GetHostAssertion', { assertion_id: id });
    expect(pub.json['assertion']).toMatchObject({ name: 'Knot tying', is_public: true, assertion_email: null });
    expect((pub.json['assertion'] as Obj)['ob3']).toMatchObject({ achievementType: 'Certificate' });
    const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify({ input_type: 'host_assertion_id', host_assertion_id: id, verification_mail: [] }),
    });
    const report = (await res.json()) as Obj;
    expect(report).toMatchObject({ badge_pass: true, verify_state: 'valid' });
    // The holder is named, the address never shown.
    expect(JSON.stringify(report)).not.toContain(u.email);
    // The same from the badge page's button without JavaScript (the verify page's form).
    const form = new FormData();
    form.set('host_assertion_id', id);
    expect(await verifyFromForm(env, form, '198.51.100.250')).toMatchObject({
      badge_pass: true,
      verify_state: 'valid',
    });
  });

  it('the nightly re-verification reads the stored credential again and sees it revoked', async () => {
    const u = await me();
    const key = await didKey();
    const path = `/store/${unique('ob3-list')}`;
    const list = await putStatusList(path, key, []);
    const json = JSON.stringify(await key.sign(ob3Credential(key.did, u.email, statusEntry(list, 9))));
    expect((await add(u.token, { json })).json.status).toBe(200);
    const { reverifyImported, REVERIFY_AFTER_MS } = await import('../../src/server/import/reverify');
    // Only this account's row is made due (other files' rows stay as they are).
    await env.DB.prepare('UPDATE host_assertions SET verified_at = 0 WHERE account_id = ?').bind(u.id).run();
    const state = () =>
      env.DB.prepare('SELECT verify_status AS s, revoked_at IS NOT NULL AS r FROM host_assertions WHERE account_id = ?')
        .bind(u.id)
        .first();
    await putStatusList(path, key, [9]);
    let tries = 0;
    // Rows of other test files may be due first: run until ours was read.
    while ((await state())?.['s'] === 'valid' && tries++ < 20)
      await reverifyImported(env, Date.now() + REVERIFY_AFTER_MS);
    expect(await state()).toEqual({ s: 'invalid', r: 1 });
  });
});
