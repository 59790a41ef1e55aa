import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, SAME_ORIGIN, createAccount, createSession } from './helpers';
import { awardTo, issuerCall, newBadgeClass, newIssuer } from './issuing-helpers';
import { issueDoc, newTemplate } from './acad-issuing-helpers';

const W = '/api/v1.0/openbadge/v2/Wallet';
async function call(path: string, token: string | null, body: Record<string, unknown> = {}) {
  const res = await exports.default.fetch(`${BASE}${W}/${path}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, ...(token ? { Cookie: `accessToken=${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return {
    http: res.status,
    json: (await res.json()) as Record<string, unknown> & { status: number; errors?: { code: string }[] },
  };
}
const code = (r: Awaited<ReturnType<typeof call>>) => r.json.errors?.[0]?.code;
type Item = { id: string; name: string; accept_status: number; is_public: boolean; is_revoked: boolean };
const items = (r: Awaited<ReturnType<typeof call>>) => r.json.assertions as Item[];

/** A wallet with badges in every state, awarded through the issuer API to the account's address. */
async function wallet() {
  const { id, email } = await createAccount();
  const token = await createSession(id);
  const { apiKey } = await newIssuer('Wallet Test Institute');
  const alpha = await newBadgeClass(apiKey, { name: 'Alpha Robotics' });
  const beta = await newBadgeClass(apiKey, { name: 'Beta Chemistry' });
  const gamma = await newBadgeClass(apiKey, { name: 'Gamma Poetry' });
  const [a] = (await awardTo(apiKey, alpha, [email], { issued_on: '2024-01-10T00:00:00Z' })).ids;
  const [b] = (await awardTo(apiKey, beta, [email], { issued_on: '2025-03-01T00:00:00Z' })).ids;
  const [g] = (await awardTo(apiKey, gamma, [email], { issued_on: '2023-05-05T00:00:00Z', blockchain: true })).ids;
  // The activation step links awards to an account; tests create the account first, so link here.
  await env.DB.prepare('UPDATE assertions SET account_id = ? WHERE recipient_email_normalized = ?')
    .bind(id, email)
    .run();
  if (!a || !b || !g) throw new Error('award failed');
  return { id, email, token, apiKey, ids: { a, b, g } };
}

describe('the badge list and receiving', () => {
  let w: Awaited<ReturnType<typeof wallet>>;
  beforeAll(async () => {
    w = await wallet();
  });

  it('starts with everything claimable, in the unaccepted tab, with the counts', async () => {
    const list = await call('FindList', w.token, {});
    expect(list.json).toMatchObject({
      status: 200,
      total_count: 0,
      total_claimable_badges: 3,
      total_receiving_badges: 0,
    });
    const pending = await call('FindList', w.token, { needRequestAction: true });
    expect(pending.json.total_count).toBe(3);
    expect(items(pending).map((i) => i.name)).toEqual(['Beta Chemistry', 'Alpha Robotics', 'Gamma Poetry']);
  });

  it('receives one; a blockchain badge becomes Receiving; a second press says already received', async () => {
    expect((await call('SetReceiveBadgeFromWallet', w.token, { assertion_id: w.ids.a })).json.status).toBe(200);
    expect(code(await call('SetReceiveBadgeFromWallet', w.token, { assertion_id: w.ids.a }))).toBe('E409103');
    await call('SetReceiveBadgeFromWallet', w.token, { assertion_id: w.ids.g });
    const list = await call('FindList', w.token, {});
    expect(list.json).toMatchObject({ total_count: 1, total_claimable_badges: 1, total_receiving_badges: 1 });
    expect(items(list)[0]).toMatchObject({ id: w.ids.a, accept_status: 2, is_public: false });
  });

  it('hides an unclaimed badge, which can then not be received', async () => {
    expect((await call('SetHideUnacceptedBadge', w.token, { assertion_id: w.ids.b })).json.status).toBe(200);
    expect(code(await call('SetHideUnacceptedBadge', w.token, { assertion_id: w.ids.b }))).toBe('E409102');
    expect(code(await call('SetReceiveBadgeFromWallet', w.token, { assertion_id: w.ids.b }))).toBe('E409104');
    expect(code(await call('SetReceiveAllUnacceptedBadge', w.token))).toBe('E404105');
  });

  it('publishes and unpublishes a received badge; filters 1 and 2 follow', async () => {
    await call('SetAssertionStatus', w.token, { assertion_id: w.ids.a, is_public: true });
    expect(items(await call('FindList', w.token, { visibility: 1 })).map((i) => i.id)).toEqual([w.ids.a]);
    expect((await call('FindList', w.token, { visibility: 2 })).json.total_count).toBe(0);
    await call('SetAssertionStatus', w.token, { assertion_id: w.ids.a, is_public: false });
    expect((await call('FindList', w.token, { visibility: 1 })).json.total_count).toBe(0);
    // An unaccepted badge cannot be published.
    expect(code(await call('SetAssertionStatus', w.token, { assertion_id: w.ids.g, is_public: true }))).toBe('E409105');
  });

  it('deletes a badge for good; it is gone from the list and from its detail', async () => {
    expect((await call('DeleteAssertion', w.token, { assertion_id: w.ids.a })).json.status).toBe(200);
    expect((await call('FindList', w.token, {})).json.total_count).toBe(0);
    expect(code(await call('GetAssertion', w.token, { assertion_id: w.ids.a }))).toBe('E404101');
    expect(code(await call('DeleteAssertion', w.token, { assertion_id: w.ids.a }))).toBe('E404101');
  });
});

describe('receive all, sorting and keyword search', () => {
  it('receives every claimable badge at once and reports how many of how many', async () => {
    const w = await wallet();
    const r = await call('SetReceiveAllUnacceptedBadge', w.token);
    expect(r.json).toMatchObject({ status: 200, total_count: 3, received_count: 3 });
    const list = await call('FindList', w.token, { sort: 'BadgeName' });
    expect(items(list).map((i) => i.name)).toEqual(['Alpha Robotics', 'Beta Chemistry']);
    expect(list.json).toMatchObject({ total_claimable_badges: 0, total_receiving_badges: 1 });
    expect(items(await call('FindList', w.token, { sort: '-BadgeName' })).map((i) => i.name)).toEqual([
      'Beta Chemistry',
      'Alpha Robotics',
    ]);
    expect(items(await call('FindList', w.token, { sort: 'IssuedOn' })).map((i) => i.name)).toEqual([
      'Alpha Robotics',
      'Beta Chemistry',
    ]);
    // Words split on spaces must each match; search types choose the fields.
    expect(items(await call('FindList', w.token, { search_keyword: 'robot  alpha' })).map((i) => i.name)).toEqual([
      'Alpha Robotics',
    ]);
    expect((await call('FindList', w.token, { search_keyword: 'robot chemistry' })).json.total_count).toBe(0);
    expect((await call('FindList', w.token, { search_keyword: 'institute', search_types: [0] })).json.total_count).toBe(
      0,
    );
    expect((await call('FindList', w.token, { search_keyword: 'institute', search_types: [1] })).json.total_count).toBe(
      2,
    );
    expect((await call('FindList', w.token, { search_keyword: '100%' })).json.total_count).toBe(0);
    // A skill of the class is found under "badge name" (issue 21), not under the issuer.
    expect((await call('FindList', w.token, { search_keyword: 'データ', search_types: [0] })).json.total_count).toBe(2);
    expect((await call('FindList', w.token, { search_keyword: 'データ', search_types: [1] })).json.total_count).toBe(0);
  });

  it('revoked badges show as revoked and count as unpublishable (filter 3)', async () => {
    const w = await wallet();
    await call('SetReceiveAllUnacceptedBadge', w.token);
    await issuerCall(`/assertions/${w.ids.b}/revoke`, w.apiKey, { reason: 'Issued in error.' });
    const revoked = items(await call('FindList', w.token, { visibility: 3 }));
    expect(revoked.map((i) => [i.id, i.is_revoked])).toEqual([[w.ids.b, true]]);
    const detail = await call('GetAssertion', w.token, { assertion_id: w.ids.b });
    expect(detail.json.assertion).toMatchObject({ is_revoked: true, revoked_reason: 'Issued in error.' });
  });
});

describe('AZ-01..05: only the owner sees or changes a badge', () => {
  it('another account gets 404 for every call on it, and the badge is untouched', async () => {
    const w = await wallet();
    const intruder = await createAccount();
    const token = await createSession(intruder.id);
    for (const [path, extra] of [
      ['GetAssertion', {}],
      ['GetUnacceptedAssertion', {}],
      ['SetReceiveBadgeFromWallet', {}],
      ['SetHideUnacceptedBadge', {}],
      ['SetAssertionStatus', { is_public: true }],
      ['DeleteAssertion', {}],
    ] as const) {
      const r = await call(path, token, { assertion_id: w.ids.a, ...extra });
      expect([path, r.http, code(r)]).toEqual([path, 404, 'E404101']);
    }
    const row = await env.DB.prepare(
      'SELECT accept_status, is_hidden, is_public, deleted_by_owner_at FROM assertions WHERE id = ?',
    )
      .bind(w.ids.a)
      .first();
    expect(row).toEqual({ accept_status: 0, is_hidden: 0, is_public: 0, deleted_by_owner_at: null });
  });

  it('without a session every wallet call answers 401', async () => {
    for (const path of ['FindList', 'GetAssertion', 'SetReceiveAllUnacceptedBadge', 'DeleteAssertion'])
      expect((await call(path, null, { assertion_id: 'x' })).http).toBe(401);
  });
});

describe('public calls (no login)', () => {
  it('Public/FindList and Public/GetAssertion show only public, received, unrevoked badges, without the address', async () => {
    const w = await wallet();
    await call('SetReceiveAllUnacceptedBadge', w.token);
    await call('SetAssertionStatus', w.token, { assertion_id: w.ids.a, is_public: true });
    const list = await call('Public/FindList', null, { account_id: w.id });
    expect(list.json).toMatchObject({ status: 200, account_id: w.id, first_name: 'Hanako', total_count: 1 });
    expect(items(list).map((i) => i.id)).toEqual([w.ids.a]);
    const one = await call('Public/GetAssertion', null, { assertion_id: w.ids.a });
    expect(one.json.assertion).toMatchObject({ id: w.ids.a, name: 'Alpha Robotics', assertion_email: null });
    const privateOne = await call('Public/GetAssertion', null, { assertion_id: w.ids.b });
    expect([privateOne.http, code(privateOne)]).toEqual([404, 'E404104']);
    await issuerCall(`/assertions/${w.ids.a}/revoke`, w.apiKey, { reason: 'Issued in error.' });
    expect(code(await call('Public/GetAssertion', null, { assertion_id: w.ids.a }))).toBe('E404104');
    expect((await call('Public/FindList', null, { account_id: w.id })).json.total_count).toBe(0);
    expect((await call('Public/FindList', null, { account_id: 'no-such-account' })).http).toBe(404);
  });

  it('CheckIssuedAcadDocs says whether certificates exist, and needs a session', async () => {
    const w = await wallet();
    const check = (token: string | null) =>
      exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/AdAssertion/CheckIssuedAcadDocs`, {
        method: 'POST',
        headers: { ...SAME_ORIGIN, ...(token ? { Cookie: `accessToken=${token}` } : {}) },
        body: '{}',
      });
    expect(await (await check(w.token)).json()).toEqual({ status: 200, is_exists: false });
    const template = await newTemplate(w.apiKey);
    expect((await issueDoc(w.apiKey, template.id, w.email)).res.status).toBe(200);
    expect(await (await check(w.token)).json()).toEqual({ status: 200, is_exists: true });
    expect((await check(null)).status).toBe(401);
  });
});
