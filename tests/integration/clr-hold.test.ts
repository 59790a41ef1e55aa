import { env, exports } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cutNetwork } from '../support/offline-fetch';
import { course, record, school, type Issuer } from './clr-helpers';
import { BASE, createAccount, createSession, SAME_ORIGIN } from './helpers';
import { walletCall, type Obj } from './ob3-import-helpers';
import { PASSWORD, settingsCall, signedIn } from './settings-helpers';

/**
 * Issue 38, item 2: a CLR 2.0 learner record from elsewhere is held in the certificates tab. It is
 * verified first (its own proof and issuer; a nested credential that fails is shown, not refused),
 * kept as it came, listed with the account's certificates, shown as a transcript (courses by term,
 * credits, results, each course's own verdict, the associations in words), published, shared and
 * removed by its owner only. 1EdTech's simple.json names its learner by a DID: it is held, and
 * never shown as issued to the holder.
 */
const text = import.meta.glob('../fixtures/clr/1edtech/{simple,simple-noproof}.json', {
  eager: true,
  query: '?raw',
  import: 'default',
}) as Record<string, string>;
const SIMPLE = text['../fixtures/clr/1edtech/simple.json'] as string;
const NOPROOF = text['../fixtures/clr/1edtech/simple-noproof.json'] as string;

const V2 = `${BASE}/api/v1.0/openbadge/v2`;
let ip = 0;
async function call(path: string, token: string | null, body: Obj) {
  const res = await exports.default.fetch(`${V2}/${path}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, ...(token ? { Cookie: `accessToken=${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Obj & { errors?: { code: string }[] };
  return { http: res.status, code: json.errors?.[0]?.code ?? null, json };
}
/** AddBadge from an address of its own, so the outbound throttle of one client never decides a test. */
const add = (token: string, json: string) => walletCall(token, 'AddBadge', { json }, `203.0.113.${(ip++ % 200) + 20}`);
const page = (path: string) => exports.default.fetch(`${BASE}${path}`);

type Held = {
  title: string;
  issuer_name: string;
  issuer_claimed: boolean;
  learner_bound: boolean;
  learner_address: string | null;
  learner_named: string | null;
  is_public: boolean;
  nested: { state: string; warnings: string[] }[];
  transcript: {
    terms: { term: string | null; credits: number | null; courses: Obj[] }[];
    listed: { name: string }[];
    totals: { courses: number; credits: number | null };
    associations: { type: string; source: string; target: string }[];
  };
};
const owned = async (token: string, id: string) =>
  (await call('AdAssertion/GetHeldRecord', token, { record_id: id })).json['record'] as Held;

let me: { id: string; email: string };
let token: string;
// As in clr-fixtures: the fixtures' https issuers serve no profile (404); everything else is offline.
beforeAll(() => void cutNetwork(new Set(['example.com', 'example.edu'])));
afterAll(() => vi.restoreAllMocks());
beforeAll(async () => {
  me = await createAccount({ first: 'Ellis', last: 'Monday' });
  token = await createSession(me.id);
});

describe("1EdTech's simple.json, held in another account's certificates tab", () => {
  let id: string;
  it('is verified and held as a record, and listed with the certificates', async () => {
    const r = await add(token, SIMPLE);
    expect([r.http, r.code, r.json['kind']]).toEqual([200, null, 'record']);
    id = r.json['assertion_id'] as string;
    const list = await call('AdAssertion/FindListForAcadDoc', token, {});
    expect(list.json['total_count']).toBe(1);
    expect(list.json['certificates']).toMatchObject([
      { id, title: 'Sample Transcript', issuer_name: 'Example University', kind: 'record', source: 'held' },
    ]);
    // Nothing went into the badge list.
    const badges = await env.DB.prepare('SELECT COUNT(*) AS n FROM host_assertions WHERE account_id = ?')
      .bind(me.id)
      .first<{ n: number }>();
    expect(badges?.n).toBe(0);
  });

  it('shows what was proven: the signature, the issuer name as its own claim, a learner not tied to the holder', async () => {
    const r = await owned(token, id);
    expect(r).toMatchObject({
      title: 'Sample Transcript',
      issuer_name: 'Example University',
      issuer_claimed: true,
      learner_bound: false,
      learner_address: null,
      learner_named: 'did:example:ebfeb1f712ebc6f1c276e12ec21',
      is_public: false,
    });
    // Its one nested badge, verified on its own (its issuer's name is also only claimed).
    expect(r.nested.map((n) => [n.state, n.warnings])).toEqual([['valid', ['W003']]]);
    expect(r.transcript.terms).toMatchObject([{ term: null, credits: null, courses: [{ name: 'Teamwork' }] }]);
    expect(r.transcript.totals).toEqual({ courses: 1, credits: null });
    // The two achievements the record lists, and how they relate, with their names.
    expect(r.transcript.listed.map((a) => a.name)).toHaveLength(2);
    expect(r.transcript.associations).toHaveLength(1);
    expect(r.transcript.associations[0]?.type).toBe('isParentOf');
    expect(r.transcript.listed.map((a) => a.name)).toContain(r.transcript.associations[0]?.source);
  });

  it('the same record again is E409106 naming the copy held', async () => {
    const again = await add(token, SIMPLE);
    expect([again.http, again.code]).toEqual([409, 'E409106']);
    expect(again.json['errors']).toMatchObject([{ code: 'E409106' }]);
  });

  it('published: the public details and a card, never the learner; private again: 404 for both', async () => {
    const card = `/api/v1.0/openbadge/v2/Wallet/Public/ShareImage/record/${id}.png`;
    expect((await page(card)).status).toBe(404);
    expect((await call('Public/AdAssertion/GetHeldRecordDetails', null, { record_id: id })).code).toBe('E404108');
    const set = await call('AdAssertion/SetHeldRecordStatus', token, { record_id: id, is_public: true });
    expect(set.json['is_public']).toBe(true);
    const shown = await page(card);
    expect([shown.status, shown.headers.get('content-type')]).toEqual([200, 'image/png']);
    const details = await call('Public/AdAssertion/GetHeldRecordDetails', null, { record_id: id });
    expect(details.json['record']).toMatchObject({ title: 'Sample Transcript', learner_bound: false });
    expect(details.json['record']).not.toHaveProperty('learner_named');
    expect(JSON.stringify(details.json)).not.toContain('did:example:ebfeb1f712ebc6f1c276e12ec21');
    await call('AdAssertion/SetHeldRecordStatus', token, { record_id: id, is_public: false });
    expect((await page(card)).status).toBe(404);
    expect((await call('Public/AdAssertion/GetHeldRecordDetails', null, { record_id: id })).code).toBe('E404108');
  });

  it('is verified afresh by its id: public for anyone, private for its holder only (E999 for anyone else)', async () => {
    const byId = async (cookie: string | null) => {
      const res = await exports.default.fetch(`${V2}/Wallet/Public/Verification`, {
        method: 'POST',
        headers: {
          ...SAME_ORIGIN,
          ...(cookie ? { Cookie: `accessToken=${cookie}` } : {}),
          'cf-connecting-ip': '203.0.113.250',
        },
        body: JSON.stringify({ input_type: 'record_id', record_id: id }),
      });
      return (await res.json()) as { verify_errors_code: string[]; clr?: { nested: { state: string }[] } };
    };
    expect((await byId(null)).verify_errors_code).toEqual(['E999']);
    expect((await byId(token)).clr?.nested.map((n) => n.state)).toEqual(['valid']);
    await call('AdAssertion/SetHeldRecordStatus', token, { record_id: id, is_public: true });
    expect((await byId(null)).clr?.nested.map((n) => n.state)).toEqual(['valid']);
    await call('AdAssertion/SetHeldRecordStatus', token, { record_id: id, is_public: false });
  });

  it("someone else cannot read, publish or remove it (E404108), and the download is the record's own bytes", async () => {
    const other = await createSession((await createAccount()).id);
    for (const [path, body] of [
      ['AdAssertion/GetHeldRecord', { record_id: id }],
      ['AdAssertion/SetHeldRecordStatus', { record_id: id, is_public: true }],
      ['AdAssertion/DeleteHeldRecord', { record_id: id }],
    ] as const)
      expect((await call(path, other, body)).code).toBe('E404108');
    const row = await env.DB.prepare('SELECT raw, is_public FROM held_clrs WHERE id = ?')
      .bind(id)
      .first<{ raw: string; is_public: number }>();
    expect(row).toEqual({ raw: SIMPLE.trim(), is_public: 0 });
  });
});

describe('what is not held', () => {
  it('a record whose proof fails, one without a proof, and garbage are refused; nothing is kept; never a 500', async () => {
    const u = await createAccount();
    const t = await createSession(u.id);
    const altered = JSON.stringify({ ...(JSON.parse(SIMPLE) as Obj), name: 'Changed Transcript' });
    expect((await add(t, altered)).code).toBe('E422102');
    expect((await add(t, NOPROOF)).code).toBe('E422102');
    expect((await add(t, '{"type":["VerifiableCredential","ClrCredential"]')).http).toBeLessThan(500);
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM held_clrs WHERE account_id = ?')
      .bind(u.id)
      .first<{ n: number }>();
    expect(n?.n).toBe(0);
  });

  it("a record issued to another address is not this account's (E422101)", async () => {
    const harbour = await school('Harbour College');
    const u = await createAccount();
    const t = await createSession(u.id);
    const signed = await harbour.sign(record(harbour, 'someone-else@school.example', []));
    expect((await add(t, JSON.stringify(signed))).code).toBe('E422101');
  });
});

describe('security rows a held record meets', () => {
  it('HV-06: a record issued to an address of the account that is not verified is refused (E422101)', async () => {
    const harbour = await school('Harbour College');
    const u = await createAccount();
    const t = await createSession(u.id);
    const pending = `pending-${crypto.randomUUID()}@school.example`;
    await env.DB.prepare(
      'INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at) VALUES (?, ?, ?, ?, NULL, 0, ?)',
    )
      .bind(crypto.randomUUID(), u.id, pending, pending, Date.now())
      .run();
    const signed = await harbour.sign(record(harbour, pending, []));
    expect((await add(t, JSON.stringify(signed))).code).toBe('E422101');
  });

  it('HV-08: an issuer out of reach is "could not check now" (E422103), not invalid, and nothing is kept', async () => {
    const u = await createAccount();
    const t = await createSession(u.id);
    // example.edu cannot be reached at all now (no profile host stands in): its key's owner is unknown.
    vi.restoreAllMocks();
    cutNetwork();
    try {
      expect((await add(t, SIMPLE)).code).toBe('E422103');
    } finally {
      vi.restoreAllMocks();
      cutNetwork(new Set(['example.com', 'example.edu']));
    }
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM held_clrs WHERE account_id = ?')
      .bind(u.id)
      .first<{ n: number }>();
    expect(n?.n).toBe(0);
  });

  it('XSS-01/02, HV-07: hostile text stays text, and a non-http(s) issuer address is never a link', async () => {
    const hostile = await school('<img src=x onerror="window.__xss=1">College');
    const u = await createAccount();
    const t = await createSession(u.id);
    const unsigned = record(hostile, u.email, [], {
      name: '</script><script>window.__xss=2</script>',
      description: '<svg onload="window.__xss=3">',
    });
    (unsigned['issuer'] as Obj)['url'] = 'JaVaScRiPt:window.__xss=4';
    const r = await add(t, JSON.stringify(await hostile.sign(unsigned)));
    expect(r.json['kind']).toBe('record');
    const held = (await call('AdAssertion/GetHeldRecord', t, { record_id: r.json['assertion_id'] })).json[
      'record'
    ] as Obj;
    expect(held).toMatchObject({
      title: '</script><script>window.__xss=2</script>',
      description: '<svg onload="window.__xss=3">',
      issuer_url: null,
    });
  });
});

describe('a record issued to one of the account’s addresses', () => {
  let harbour: Issuer;
  let inland: Issuer;
  it('is shown as issued to it, its courses by term with credits, results and their own verdicts', async () => {
    harbour = await school('Harbour College');
    inland = await school('Inland Institute');
    const u = await createAccount();
    const t = await createSession(u.id);
    const nested = [
      await harbour.sign(course(harbour, u.email, 1, 'A', 3, 'Fall 2025')),
      await harbour.sign(course(harbour, u.email, 2, 'B+', 4, 'Fall 2025')),
      await inland.sign(course(inland, u.email, 3, 'A-', 2.5, 'Spring 2026')),
      // Signed, then changed: its own proof fails, and it is shown so; the record still holds.
      { ...(await inland.sign(course(inland, u.email, 4, 'C', 3, 'Spring 2026'))), name: 'Changed' },
    ];
    // The record signed after the change: its own proof covers the changed course as it is.
    const r = await add(t, JSON.stringify(await harbour.sign(record(harbour, u.email, nested))));
    expect(r.json['kind']).toBe('record');
    const held = await owned(t, r.json['assertion_id'] as string);
    expect([held.learner_bound, held.learner_address]).toEqual([true, u.email]);
    expect(
      held.transcript.terms.map((term) => [
        term.term,
        term.credits,
        term.courses.map((c) => [
          c['name'],
          c['credits'],
          (c['results'] as Obj[])[0]?.['value'],
          (c['verdict'] as Obj)['state'],
        ]),
      ]),
    ).toEqual([
      [
        'Fall 2025',
        7,
        [
          ['Course 1', 3, 'A', 'valid'],
          ['Course 2', 4, 'B+', 'valid'],
        ],
      ],
      [
        'Spring 2026',
        5.5,
        [
          ['Course 3', 2.5, 'A-', 'valid'],
          ['Course 4', 3, 'C', 'invalid'],
        ],
      ],
    ]);
    expect(held.transcript.totals).toEqual({ courses: 4, credits: 12.5 });
    // The address taken off the account (unverified here as a removal would leave it): the record
    // is no longer said to be issued to the holder, publicly or to its owner, and names it instead.
    const id = r.json['assertion_id'] as string;
    await call('AdAssertion/SetHeldRecordStatus', t, { record_id: id, is_public: true });
    const publicBound = async () =>
      ((await call('Public/AdAssertion/GetHeldRecordDetails', null, { record_id: id })).json['record'] as Held)
        .learner_bound;
    expect(await publicBound()).toBe(true);
    await env.DB.prepare('UPDATE account_emails SET verified_at = NULL WHERE account_id = ?').bind(u.id).run();
    expect(await publicBound()).toBe(false);
    const after = await owned(t, id);
    expect([after.learner_bound, after.learner_address, after.learner_named]).toEqual([false, null, u.email]);
    expect(held.transcript.associations.map((a) => `${a.source} ${a.type} ${a.target}`)).toEqual([
      'Marine engineering isParentOf Course 1',
      'Marine engineering isParentOf Course 2',
      'Marine engineering isParentOf Course 3',
      'Marine engineering isParentOf Course 4',
    ]);
  });
});

describe('50 at once', () => {
  it('the same record added 50 times at once is held once; the rest are duplicates or throttled', async () => {
    const u = await createAccount();
    const t = await createSession(u.id);
    const all = await Promise.all(Array.from({ length: 50 }, () => add(t, SIMPLE)));
    expect(all.every((r) => r.http < 500)).toBe(true);
    expect(all.filter((r) => r.http === 200)).toHaveLength(1);
    expect(all.every((r) => r.http === 200 || r.code === 'E409106' || r.code === 'E429100')).toBe(true);
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM held_clrs WHERE account_id = ?')
      .bind(u.id)
      .first<{ n: number }>();
    expect(n?.n).toBe(1);
  });

  it('50 publish toggles and 50 removals at once: the last toggle holds, one removal removes, never a 500', async () => {
    const u = await createAccount();
    const t = await createSession(u.id);
    const id = (await add(t, SIMPLE)).json['assertion_id'] as string;
    const toggles = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('AdAssertion/SetHeldRecordStatus', t, { record_id: id, is_public: i % 2 === 0 }),
      ),
    );
    expect(toggles.map((r) => r.http)).toEqual(Array(50).fill(200));
    const row = await env.DB.prepare('SELECT is_public FROM held_clrs WHERE id = ?')
      .bind(id)
      .first<{ is_public: number }>();
    expect([0, 1]).toContain(row?.is_public);
    const removals = await Promise.all(
      Array.from({ length: 50 }, () => call('AdAssertion/DeleteHeldRecord', t, { record_id: id })),
    );
    expect(removals.filter((r) => r.http === 200)).toHaveLength(1);
    expect(removals.filter((r) => r.code === 'E404108')).toHaveLength(49);
    expect((await call('AdAssertion/FindListForAcadDoc', t, {})).json['total_count']).toBe(0);
  });
});

describe('when accounts change', () => {
  const heldBy = async (accountId: string) =>
    (
      await env.DB.prepare('SELECT COUNT(*) AS n FROM held_clrs WHERE account_id = ?')
        .bind(accountId)
        .first<{ n: number }>()
    )?.n;
  const tokenOf = (cookie: string) => cookie.slice('accessToken='.length);

  it('a merge brings the other account’s records, one both hold once; a closed account’s records are gone', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const harbour = await school('Harbour College');
    const own = await harbour.sign(record(harbour, other.email, []));
    expect((await add(tokenOf(other.cookie), JSON.stringify(own))).json['kind']).toBe('record');
    expect((await add(tokenOf(other.cookie), SIMPLE)).json['kind']).toBe('record');
    expect((await add(tokenOf(me.cookie), SIMPLE)).json['kind']).toBe('record');
    const proven = await settingsCall(me.cookie, 'Merge/Prove', { email: other.email, password: PASSWORD });
    expect(proven.json).toMatchObject({ certificates: 2 });
    const confirmed = await settingsCall(me.cookie, 'Merge/Confirm', {
      merge_id: proven.json['merge_id'],
      password: PASSWORD,
    });
    expect(confirmed.http).toBe(200);
    expect([await heldBy(me.id), await heldBy(other.id)]).toEqual([2, 0]);

    expect((await settingsCall(me.cookie, 'Account/Delete', { reason: 4, password: PASSWORD })).http).toBe(200);
    expect(await heldBy(me.id)).toBe(0);
  });
});
