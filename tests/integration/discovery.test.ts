import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, SAME_ORIGIN, createAccount } from './helpers';
import { awardTo, issuerCall, newBadgeClass, newIssuer } from './issuing-helpers';

const W = '/api/v1.0/openbadge/v2/Wallet';
/** Anonymous calls: no cookie, no token (issue 9: discovery needs no login). */
async function call(path: string, body: object, client = '192.0.2.1') {
  const res = await exports.default.fetch(`${BASE}${W}/${path}?language=en`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, 'CF-Connecting-IP': client },
    body: JSON.stringify(body),
  });
  return { http: res.status, json: (await res.json()) as Record<string, unknown> & { errors?: { code: string }[] } };
}
const names = (r: { json: Record<string, unknown> }) =>
  (r.json['badges'] as { badge_name: string }[]).map((b) => b.badge_name);
const search = (kind: 'FindBadgeList' | 'FindSkillList' | 'FindIssuerList', words: string | string[], extra = {}) =>
  call(`Search/${kind}`, { search_keyword: words, ...extra });

/** Sets every assertion of a badge class to a state, as the wallet's own calls would. */
async function setHolders(classId: string, sql: string) {
  await env.DB.prepare(`UPDATE assertions SET ${sql} WHERE badge_class_id = ?`).bind(classId).run();
}
const shown = 'accept_status = 2, is_public = 1';

describe('discovery: search over public badges, skills and issuers (issue 9)', () => {
  let issuerId: string;
  let robotics: string;
  let poetry: string;
  let unseen: string;
  beforeAll(async () => {
    const issuer = await newIssuer('量子工学研究所');
    issuerId = issuer.issuerId;
    await issuerCall('/issuer', issuer.apiKey, { description: 'Makers of quantum robots.' }, 'PATCH');
    const acct = await createAccount();
    robotics = await newBadgeClass(issuer.apiKey, {
      name: 'ロボット制御 入門',
      description: 'Servo loops and 量子 sensors.',
      tags: ['ロボット', 'Control'],
    });
    poetry = await newBadgeClass(issuer.apiKey, {
      name: 'Haiku Poetry',
      description: 'Seventeen syllables, 100% of them.',
      tags: ['詩作', 'Writing'],
    });
    unseen = await newBadgeClass(issuer.apiKey, { name: 'ロボット倫理', tags: ['ロボット'] });
    for (const id of [robotics, poetry, unseen]) await awardTo(issuer.apiKey, id, [acct.email]);
    await setHolders(robotics, shown);
    await setHolders(poetry, shown);
    // `unseen` stays claimable: nobody shows it, so nobody may find it.
  });

  it('finds a badge by a 3+ character Japanese word in its name, description or skills, and only public ones', async () => {
    expect(names(await search('FindBadgeList', 'ロボット'))).toEqual(['ロボット制御 入門']);
    expect(names(await search('FindBadgeList', 'sensors'))).toEqual(['ロボット制御 入門']);
    expect(names(await search('FindBadgeList', 'writing'))).toEqual(['Haiku Poetry']);
  });

  it('finds 1–2 character words by LIKE over names and skills; every word must match', async () => {
    expect(names(await search('FindBadgeList', '入門'))).toEqual(['ロボット制御 入門']);
    expect(names(await search('FindBadgeList', '詩作'))).toEqual(['Haiku Poetry']);
    expect(names(await search('FindBadgeList', 'ロボット 入門'))).toEqual(['ロボット制御 入門']);
    expect(names(await search('FindBadgeList', ['ロボット', '詩作']))).toEqual([]);
    // The ideographic space splits words too.
    expect(names(await search('FindBadgeList', 'ロボット　制御'))).toEqual(['ロボット制御 入門']);
  });

  it('reads operators and wildcards as text: quotes, %, _ and FTS syntax find nothing and break nothing', async () => {
    for (const q of ['"', '100%', '_', 'NEAR(a b)', 'robot*', 'a OR b', '") OR 1=1 --']) {
      const r = await search('FindBadgeList', q);
      expect(r.json['status']).toBe(200);
    }
    expect(names(await search('FindBadgeList', '100%'))).toEqual(['Haiku Poetry']);
    expect(names(await search('FindBadgeList', '0%'))).toEqual([]);
  });

  it('hiding, revoking, unpublishing or deleting the last public copy takes a badge out at once', async () => {
    for (const change of ['is_public = 0', 'revoked_at = 1', 'deleted_by_owner_at = 1', 'is_hidden = 1']) {
      await setHolders(poetry, change);
      expect(names(await search('FindBadgeList', 'Haiku'))).toEqual([]);
      await setHolders(poetry, `${shown}, is_hidden = 0, revoked_at = NULL, deleted_by_owner_at = NULL`);
      expect(names(await search('FindBadgeList', 'Haiku'))).toEqual(['Haiku Poetry']);
    }
    // Its skills go with it: a skill no public badge carries is not offered.
    await setHolders(poetry, 'is_public = 0');
    expect((await search('FindSkillList', '詩作')).json['total_count']).toBe(0);
    await setHolders(poetry, 'is_public = 1');
    expect((await search('FindSkillList', '詩作')).json['tags']).toEqual([
      expect.objectContaining({ tag_name: '詩作', badge_count: 1 }),
    ]);
    // A renamed class is found by its new name only.
    await env.DB.prepare("UPDATE badge_classes SET name = 'Tanka Poetry' WHERE id = ?").bind(poetry).run();
    expect(names(await search('FindBadgeList', 'Haiku'))).toEqual([]);
    expect(names(await search('FindBadgeList', 'Tanka'))).toEqual(['Tanka Poetry']);
  });

  it('skills count the public badges carrying them; issuers by name or description', async () => {
    const skills = await search('FindSkillList', 'ロボット');
    expect(skills.json['tags']).toEqual([expect.objectContaining({ tag_name: 'ロボット', badge_count: 1 })]);
    await setHolders(unseen, shown);
    const two = await search('FindSkillList', 'ロボ');
    expect(two.json['tags']).toEqual([expect.objectContaining({ tag_name: 'ロボット', badge_count: 2 })]);
    expect(((await search('FindIssuerList', '工学')).json['issuers'] as { issuer_id: string }[])[0]?.issuer_id).toBe(
      issuerId,
    );
    expect((await search('FindIssuerList', 'quantum robots')).json['total_count']).toBe(1);
  });

  it('the overview holds the first 3 of each kind and the counts; sort and pages follow the request', async () => {
    const all = await call('Search/FindAllList', { search_keyword: 'ロボット' });
    expect(all.json).toMatchObject({ badge_count: 2, skill_count: 1, issuer_count: 0 });
    // By code point: 倫 (U+502B) before 制 (U+5236).
    expect(names(await search('FindBadgeList', 'ロボット'))).toEqual(['ロボット倫理', 'ロボット制御 入門']);
    expect(names(await search('FindBadgeList', 'ロボット', { sort: 'desc' }))).toEqual([
      'ロボット制御 入門',
      'ロボット倫理',
    ]);
    const past = await search('FindBadgeList', 'ロボット', { page: 2 });
    // A page past the end is empty but still knows the total.
    expect(past.json).toMatchObject({ badges: [], total_count: 2 });
    expect((await search('FindBadgeList', '')).json['total_count']).toBe(0);
  });

  it('issuer and skill pages list public badges; unknown ones answer 404 with their codes', async () => {
    const issuer = await call('Issuer/GetIssuer', { issuer_id: issuerId });
    expect(issuer.json['issuer']).toMatchObject({ name: '量子工学研究所', is_certified: false });
    // Newest first by default (-CREATED_DATE).
    expect(names(issuer)).toEqual(['ロボット倫理', 'Tanka Poetry', 'ロボット制御 入門']);
    const oldest = await call('Badge/FindIssuerBadgeList', { issuer_id: issuerId, sort: 'CREATED_DATE' });
    expect(names(oldest)[0]).toBe('ロボット制御 入門');
    const skill = (await search('FindSkillList', 'ロボット')).json['tags'] as { tag_id: string }[];
    const page = await call('Badge/FindSkillBadgeList', { tag_id: skill[0]?.tag_id });
    expect(names(page)).toEqual(['ロボット倫理', 'ロボット制御 入門']);
    expect((await call('Issuer/GetIssuer', { issuer_id: 'nobody' })).json.errors?.[0]?.code).toBe('E404102');
    expect((await call('Badge/FindSkillBadgeList', { tag_id: 'nothing' })).json.errors?.[0]?.code).toBe('E404107');
  });

  it('SRCH-01: long words stay within D1’s 50-byte LIKE limit; oversized input is a 400, not a 500', async () => {
    const long = 'ロボット'.repeat(13); // 52 characters, 156 bytes: cut to 50 characters, never a LIKE pattern
    for (const kind of ['FindBadgeList', 'FindSkillList', 'FindIssuerList'] as const) {
      expect((await search(kind, long)).json).toMatchObject({ status: 200, total_count: 0 });
    }
    const huge = await search('FindBadgeList', 'x'.repeat(10_000));
    expect(huge.http).toBe(400);
    expect(huge.json.errors?.[0]?.code).toMatch(/^E400/);
    expect((await search('FindBadgeList', 'ロボット', { page: 10_001 })).http).toBe(400);
  });

  it('SRCH-02: one address gets 120 discovery calls a minute, then E429100; another address is unaffected', async () => {
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 121; i++)
      codes.push(
        (await call('Search/FindSkillList', { search_keyword: '詩作' }, '198.51.100.7')).json.errors?.[0]?.code,
      );
    expect(codes.slice(0, 120).every((c) => c === undefined)).toBe(true);
    expect(codes[120]).toBe('E429100');
    expect((await call('Search/FindSkillList', { search_keyword: '詩作' }, '198.51.100.8')).json['status']).toBe(200);
  });

  it('each discovery page has a 1200x630 share image in its language, revalidated by ETag', async () => {
    const skill = ((await search('FindSkillList', 'ロボット')).json['tags'] as { tag_id: string }[])[0]?.tag_id;
    const share = '/api/v1.0/openbadge/v2/Wallet/Public/ShareImage';
    for (const path of [`class/${robotics}`, `issuer/${issuerId}`, `skill/${skill}`]) {
      const res = await exports.default.fetch(`${BASE}${share}/${path}.png?language=ja`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const png = new Uint8Array(await res.arrayBuffer());
      // The PNG signature, then the IHDR's width and height.
      expect([...png.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      const view = new DataView(png.buffer);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
      const again = await exports.default.fetch(`${BASE}${share}/${path}.png?language=ja`, {
        headers: { 'If-None-Match': res.headers.get('etag') ?? '' },
      });
      expect(again.status).toBe(304);
    }
    expect((await exports.default.fetch(`${BASE}${share}/class/nothing.png`)).status).toBe(404);
    expect((await exports.default.fetch(`${BASE}${share}/issuer/nothing.png`)).status).toBe(404);
  });
});
