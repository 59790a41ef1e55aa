import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { setCookie } from 'hono/cookie';
import { cacheKey, GENERATIONS_HEADER } from '../../src/server/middleware/edge-cache';
import { keyGenerations, type VariantEnv } from '../../src/server/edge-cache/service';
import { cacheTarget } from '../../src/server/edge-cache/targets';
import { importRepo } from '../../src/server/import/repo';
import { seedDoc, seedIssuer, seedOwner } from './acad-helpers';
import { BASE, SAME_ORIGIN, createSession, unique } from './helpers';
import { awardTo, b64, issuerCall, newBadgeClass, newIssuer } from './issuing-helpers';
import { chunk, png } from '../support/png';
import { pageHooks, siteWithPages } from './edge-cache-pages';
import { PASSWORD, settingsCall, signedIn } from './settings-helpers';

/*
 * Issue 23, Deliver 1: public pages and share images from the edge cache. Every change kind below
 * runs through the write path the product uses (wallet, settings, issuer API, the nightly re-check's
 * repo) and the next anonymous request must show it: never a stale hit. Write paths covered (each
 * touches rows whose triggers, migrations/0019, bump the generations in the same statement):
 *   wallet: SetAssertionStatus (badges and imported badges), DeleteAssertion, DeleteHostAssertion;
 *   settings: Profile/Set, Profile/Image, Merge/Confirm, Account/Delete;
 *   certificates: SetAcadDocStatus; issuer API: PATCH /issuer, PATCH /badge-classes/{id},
 *   POST /assertions/{id}/revoke, DELETE /acad-docs/{id}; nightly re-check: importRepo.recordVerdict.
 * Every repo that writes those tables (grep for UPDATE/INSERT/DELETE on them and drizzle's
 * update/insert/delete, 2026-11-25), all covered by the triggers whatever the caller:
 *   accounts/{account,password,registration}-repo, portal/identity-repo, mail/reception-repo,
 *   settings/{profile,prefs,emails,merge,deletion}-repo, wallet/{badge,host,prefs}-repo,
 *   import/repo (imports, OB 3.0 and Blockcerts imports, export-import, nightly re-check),
 *   issuing/{repo,assertions-repo,templates-repo,acad-docs-repo} (issuer, badge class, award, revoke,
 *   reissue, delete, templates, certificates), certificates/{acad,pdf}-repo, anchoring/batch-repo
 *   (blockchain badges accepted by the nightly batch). Columns nobody sees (sign-in bookkeeping on
 *   accounts) bump nothing; every other update does, even when it changes nothing shown.
 */

const P = '/ns/portal/openbadge';
const W = '/api/v1.0/openbadge/v2/Wallet';
const CARDS = `${W}/Public/ShareImage`;
const ACAD_STATUS = '/api/v1.0/openbadge/v2/AdAssertion/SetAcadDocStatus';

/** A request to the app with the stand-in pages, as a visitor's browser would send it. */
async function visit(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const ctx = createExecutionContext();
  const res = await siteWithPages.fetch(new Request(`${BASE}${path}`, { method, headers }), env, ctx);
  const body = method === 'HEAD' ? '' : await res.text();
  await waitOnExecutionContext(ctx);
  return { res, body, status: res.status, cache: res.headers.get('x-lanyard-cache') };
}

/** What the cache would serve for an address right now (a copy under the current generations), read directly. */
async function stored(path: string, lang = 'en') {
  const url = new URL(`${BASE}${path}`);
  const target = cacheTarget(url.pathname);
  if (!target) throw new Error(`not a cached address: ${path}`);
  const generations = await keyGenerations(env.DB, target.dependency);
  if (generations === null) return undefined;
  const key = cacheKey(url, target.params, lang, env as unknown as VariantEnv);
  const copy = await (caches as unknown as { default: Cache }).default.match(key);
  return copy?.headers.get(GENERATIONS_HEADER) === generations ? copy : undefined;
}

const wallet = (cookie: string, name: string, body: Record<string, unknown>) => api(cookie, `${W}/${name}`, body);

/** A signed-in call of the wallet's API, which must succeed. */
async function api(cookie: string, name: string, body: Record<string, unknown>) {
  const res = await exports.default.fetch(`${BASE}${name}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: cookie },
    body: JSON.stringify(body),
  });
  expect(res.status, `${name}: ${await res.clone().text()}`).toBe(200);
}

/** A received, public badge of a signed-in person. */
async function publicBadge(badgeClass: Record<string, unknown> = {}) {
  const me = await signedIn();
  const issuer = await newIssuer(`Cache College ${unique('i')}`);
  const classId = await newBadgeClass(issuer.apiKey, { name: `Cached badge ${unique('c')}`, ...badgeClass });
  const [id] = (await awardTo(issuer.apiKey, classId, [me.email])).ids as [string];
  await wallet(me.cookie, 'SetReceiveBadgeFromWallet', { assertion_id: id });
  await wallet(me.cookie, 'SetAssertionStatus', { assertion_id: id, is_public: true });
  return { me, issuer, classId, id };
}

/** An imported badge as the import stores it (private until its owner publishes it). */
async function imported(me: { id: string; email: string }) {
  const id = unique('host');
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO host_assertions (id, account_id, external_id, assertion_json, badge_json, issuer_json, name,
       description, issuer_name, recipient_email, issued_on, verified_at, created_at, updated_at)
     VALUES (?, ?, ?, '{}', '{}', '{}', 'Imported Cache Badge', '', 'Elsewhere', ?, ?, ?, ?, ?)`,
  )
    .bind(id, me.id, `https://elsewhere.example/${id}`, me.email, now, now, now, now)
    .run();
  return id;
}

/** Visits until cached (stored, then a hit with the same body); returns that body. */
async function cached(path: string, headers: Record<string, string> = {}) {
  const first = await visit(path, headers);
  expect(first.status, first.body).toBe(200);
  // A miss, or a hit when the previous step already rendered it fresh (and stored it).
  expect(['miss', 'hit']).toContain(first.cache);
  const again = await visit(path, headers);
  expect(again.cache).toBe('hit');
  expect(again.body).toBe(first.body);
  // The generations a copy was made under are the cache's own bookkeeping: never sent.
  expect([first.res.headers.get(GENERATIONS_HEADER), again.res.headers.get(GENERATIONS_HEADER)]).toEqual([null, null]);
  return first.body;
}

/** After a change: the next request is rendered fresh (never a hit of the old key), then cached again. */
async function fresh(path: string) {
  const next = await visit(path);
  expect(next.cache).not.toBe('hit');
  return next;
}

afterEach(() => {
  pageHooks.before = null;
});

describe('edge cache: hits, keys and headers', () => {
  it('stores an anonymous page, answers hits with ETag/304 and HEAD, and says so in x-lanyard-cache', async () => {
    const { id } = await publicBadge();
    const path = `${P}/public/assertions/detail/${id}`;
    const body = await cached(path);
    const hit = await visit(path);
    expect(hit.res.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
    expect(hit.res.headers.get('Set-Cookie')).toBeNull();
    expect(hit.res.headers.get('Vary')).toContain('Accept-Language');
    const etag = hit.res.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const revalidated = await visit(path, { 'If-None-Match': etag });
    expect([revalidated.status, revalidated.body, revalidated.cache]).toEqual([304, '', 'hit']);
    const head = await visit(path, {}, 'HEAD');
    expect([head.status, head.cache, head.res.headers.get('ETag')]).toEqual([200, 'hit', etag]);
    expect(body).toContain(id);
    // The deployed version is part of every key (wrangler.toml [version_metadata]).
    const version = (env as unknown as VariantEnv).CF_VERSION_METADATA?.id;
    expect(version).toBeTruthy();
    // Outside production the benchmark's header forces the miss path (lookup skipped, page stored).
    expect((await visit(path, { 'x-lanyard-cache': 'miss' })).cache).toBe('miss');
    expect((await visit(path)).cache).toBe('hit');
  });

  it('keeps ja and en apart (query, cookie and Accept-Language all resolve the key)', async () => {
    const { id } = await publicBadge();
    const path = `${P}/public/assertions/detail/${id}`;
    const en = await cached(path, { 'Accept-Language': 'en-US,en;q=0.9' });
    const ja = await visit(path, { 'Accept-Language': 'ja,en;q=0.5' });
    expect(ja.cache).toBe('miss');
    expect(ja.body).toContain('lang="ja"');
    expect(ja.body).toContain('スタートページへ');
    expect(en).toContain('lang="en"');
    expect((await visit(path, { Cookie: 'language=ja' })).body).toBe(ja.body);
    expect((await visit(path, { Cookie: 'language=ja', 'Accept-Language': 'en' })).cache).toBe('hit');
    expect((await visit(path, { 'Accept-Language': 'en' })).body).toBe(en);
    // ?language= sets the language cookie: that answer is the visitor's (no-store), its key is ja's own.
    const chosen = await visit(`${path}?language=ja`);
    expect(chosen.body).toContain('lang="ja"');
    expect(chosen.res.headers.get('Cache-Control')).toBe('no-store');
    expect(chosen.res.headers.get('Set-Cookie')).toContain('language=ja');
    expect((await stored(`${path}?language=ja`, 'ja'))?.headers.get('Set-Cookie') ?? null).toBeNull();
  });

  it('answers addresses with other parameters from the cache but never stores their rendering', async () => {
    const { me } = await publicBadge();
    const path = `${P}/public/assertions/user/${me.id}`;
    const tagged = await visit(`${path}?fbclid=abc&sort=BadgeName`);
    expect(tagged.cache).toBe('bypass');
    expect(await stored(`${path}?sort=BadgeName`)).toBeUndefined();
    const clean = await cached(`${path}?sort=BadgeName`);
    const again = await visit(`${path}?sort=BadgeName&utm_source=x`);
    expect([again.cache, again.body]).toEqual(['hit', clean]);
    // The page's own parameters are part of the key; values of other shapes are never stored.
    expect((await visit(`${path}?sort=IssuerName`)).cache).toBe('miss');
    expect((await visit(`${path}?sort=IssuerName&page=abc`)).cache).toBe('bypass');
    expect(await stored(`${path}?sort=IssuerName&page=abc`)).toBeUndefined();
    expect((await visit(`${path}?sort=IssuerName&page=2`)).cache).toBe('miss');
  });

  it('50 parallel anonymous requests for one uncached page: identical bodies, no errors, then hits', async () => {
    const { id } = await publicBadge();
    const path = `${P}/public/assertions/detail/${id}`;
    const all = await Promise.all(Array.from({ length: 50 }, () => visit(path)));
    expect(all.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(new Set(all.map((r) => r.body)).size).toBe(1);
    expect(all.every((r) => r.cache === 'miss' || r.cache === 'hit')).toBe(true);
    const after = await visit(path);
    expect([after.cache, after.body]).toEqual(['hit', all[0]?.body]);
  });

  it('bounds a stored copy by the first expiry it shows', async () => {
    const { id } = await publicBadge();
    await env.DB.prepare('UPDATE assertions SET expires_at = ? WHERE id = ?')
      .bind(Date.now() + 120_000, id)
      .run();
    const path = `${P}/public/assertions/detail/${id}`;
    await cached(path);
    const age = Number(/max-age=(\d+)/.exec((await stored(path))?.headers.get('Cache-Control') ?? '')?.[1]);
    expect(age).toBeGreaterThan(0);
    expect(age).toBeLessThanOrEqual(120);
  });
});

describe('edge cache: what is never stored', () => {
  it('a private badge (404), its owner and any signed-in viewer: bypass, nothing in the cache', async () => {
    const { me, id } = await publicBadge();
    const path = `${P}/public/assertions/detail/${id}`;
    const owner = await visit(path, { Cookie: me.cookie });
    expect([owner.status, owner.cache]).toEqual([200, 'bypass']);
    expect(owner.res.headers.get('Cache-Control')).toBe('no-store');
    expect(owner.body).toContain('Hanako Yamada');
    expect(await stored(path)).toBeUndefined();
    const viewer = await signedIn();
    expect((await visit(path, { Cookie: viewer.cookie })).cache).toBe('bypass');
    // Even a stale or forged session cookie is a person's request.
    expect((await visit(path, { Cookie: 'accessToken=forged' })).cache).toBe('bypass');
    expect(await stored(path)).toBeUndefined();
    const anonymous = await visit(path);
    expect(anonymous.cache).toBe('miss');
    expect(anonymous.body).not.toContain('Hanako Yamada');

    await wallet(me.cookie, 'SetAssertionStatus', { assertion_id: id, is_public: false });
    const hidden = await visit(path);
    expect([hidden.status, hidden.cache]).toEqual([404, 'bypass']);
    expect(await stored(path)).toBeUndefined();
    expect((await visit(path)).status).toBe(404);
    const unknown = await visit(`${P}/public/assertions/detail/${unique('nope')}`);
    expect([unknown.status, unknown.cache]).toEqual([404, 'bypass']);
  });

  it('a page that sets a cookie or makes a form token is not stored', async () => {
    const { id } = await publicBadge();
    const path = `${P}/public/assertions/detail/${id}`;
    pageHooks.before = async (c) => setCookie(c, 'probe', '1');
    const cookie = await visit(path);
    expect([cookie.status, cookie.cache]).toEqual([200, 'bypass']);
    expect(cookie.res.headers.get('Cache-Control')).toBe('no-store');
    expect(await stored(path)).toBeUndefined();
    pageHooks.before = async (c) => {
      await c.var.formToken();
    };
    expect((await visit(path)).cache).toBe('bypass');
    expect(await stored(path)).toBeUndefined();
    pageHooks.before = null;
    expect((await visit(path)).cache).toBe('miss');
    expect(await stored(path)).toBeDefined();
  });

  it('API JSON with user data stays no-store (HDR-02)', async () => {
    const me = await signedIn();
    const res = await exports.default.fetch(`${BASE}${W}/Setting/Profile/Get`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, Cookie: me.cookie },
      body: '{}',
    });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('x-lanyard-cache')).toBeNull();
  });
});

describe('edge cache: no change is visible late', () => {
  it('publish, private, delete by the owner (badge and wallet pages)', async () => {
    const { me, issuer, classId, id } = await publicBadge();
    const wallet0 = `${P}/public/assertions/user/${me.id}`;
    const page = `${P}/public/assertions/detail/${id}`;
    expect(await cached(wallet0)).toContain(id);
    await cached(page);
    await wallet(me.cookie, 'SetAssertionStatus', { assertion_id: id, is_public: false });
    expect((await fresh(page)).status).toBe(404);
    expect((await fresh(wallet0)).body).not.toContain(id);
    await cached(wallet0);
    await wallet(me.cookie, 'SetAssertionStatus', { assertion_id: id, is_public: true });
    expect((await fresh(wallet0)).body).toContain(id);
    expect((await fresh(page)).status).toBe(200);
    await cached(page);
    const classPage = `${P}/issuers/${issuer.issuerId}/badges/${classId}`;
    const holders = await cached(classPage);
    await wallet(me.cookie, 'DeleteAssertion', { assertion_id: id });
    expect((await fresh(page)).status).toBe(404);
    expect((await fresh(wallet0)).body).not.toContain(id);
    // The badge class's page counts public holders: it follows too.
    expect((await fresh(classPage)).body).not.toBe(holders);
  });

  it('the issuer revokes: the badge page 404s and the share image stops', async () => {
    const { issuer, id } = await publicBadge();
    const page = `${P}/public/assertions/detail/${id}`;
    const image = `${CARDS}/${id}.png`;
    await cached(page);
    expect((await visit(image)).status).toBe(200);
    expect((await visit(image)).cache).toBe('hit');
    const { res } = await issuerCall(`/assertions/${id}/revoke`, issuer.apiKey, { reason: 'Issued in error' });
    expect(res.status).toBe(200);
    expect((await fresh(page)).status).toBe(404);
    expect((await fresh(image)).status).toBe(404);
  });

  it('profile edits (name, picture) reach the wallet page and the share image', async () => {
    const { me, id } = await publicBadge();
    const walletPage = `${P}/public/assertions/user/${me.id}`;
    await cached(walletPage);
    const image = `${CARDS}/${id}.png`;
    const before = (await visit(image)).res.headers.get('ETag');
    expect((await visit(image)).cache).toBe('hit');
    const profile = {
      first_name: '花子',
      last_name: '鈴木',
      first_name_en: 'Hanako',
      last_name_en: 'Suzuki',
      bio: 'New bio',
    };
    expect((await settingsCall(me.cookie, 'Profile/Set', profile)).http).toBe(200);
    const renamed = await fresh(walletPage);
    expect(renamed.body).toContain('鈴木');
    expect(renamed.body).toContain('New bio');
    const card = await fresh(image);
    expect(card.status).toBe(200);
    expect(card.res.headers.get('ETag')).not.toBe(before);
    await cached(walletPage);
    const picture = b64(png(300, 300, chunk('IDAT', new Uint8Array(8))));
    const set = await settingsCall(me.cookie, 'Profile/Image', { image: picture, file_name: 'me.png' });
    expect(set.http, JSON.stringify(set.json)).toBe(200);
    const withPicture = await fresh(walletPage);
    expect(withPicture.body).toMatch(/profileImageKey&quot;:&quot;[^&]+/);
  });

  it('issuer and badge class edits reach badge, issuer, class and skill pages', async () => {
    const { issuer, classId, id } = await publicBadge({ tags: [`skill-${unique('s')}`] });
    const tag = await env.DB.prepare('SELECT tag_id FROM badge_class_tags WHERE badge_class_id = ?')
      .bind(classId)
      .first<string>('tag_id');
    const pages = [
      `${P}/public/assertions/detail/${id}`,
      `${P}/issuers/${issuer.issuerId}`,
      `${P}/issuers/${issuer.issuerId}/badges/${classId}`,
      `${P}/skill/${tag}`,
    ];
    for (const page of pages) await cached(page);
    const issuerName = `Renamed Issuer ${unique('n')}`;
    expect((await issuerCall('/issuer', issuer.apiKey, { name: issuerName }, 'PATCH')).res.status).toBe(200);
    for (const page of pages) expect((await fresh(page)).body, page).toContain(issuerName);
    for (const page of pages) await cached(page);
    const className = `Renamed Class ${unique('n')}`;
    const patched = await issuerCall(`/badge-classes/${classId}`, issuer.apiKey, { name: className }, 'PATCH');
    expect(patched.res.status).toBe(200);
    for (const page of pages) expect((await fresh(page)).body, page).toContain(className);
  });

  it('merge: the badges move, the merged account closes', async () => {
    const me = await signedIn();
    const { me: other, id } = await publicBadge();
    const theirs = `${P}/public/assertions/user/${other.id}`;
    const mine = `${P}/public/assertions/user/${me.id}`;
    expect(await cached(theirs)).toContain(id);
    expect(await cached(mine)).not.toContain(id);
    const page = `${P}/public/assertions/detail/${id}`;
    const before = await cached(page);
    const proven = await settingsCall(me.cookie, 'Merge/Prove', { email: other.email, password: PASSWORD });
    const merged = await settingsCall(me.cookie, 'Merge/Confirm', {
      merge_id: proven.json['merge_id'],
      password: PASSWORD,
    });
    expect(merged.http).toBe(200);
    expect((await fresh(theirs)).status).toBe(404);
    expect((await fresh(mine)).body).toContain(id);
    // The badge now belongs to the merged-into account: its page's key follows the new owner.
    const moved = await fresh(page);
    expect(moved.status).toBe(200);
    expect(moved.body).toBe(before);
  });

  it("account deletion: the person's pages 404 at once", async () => {
    const { me, id } = await publicBadge();
    const pages = [`${P}/public/assertions/user/${me.id}`, `${P}/public/assertions/detail/${id}`];
    for (const page of pages) await cached(page);
    const image = `${CARDS}/${id}.png`;
    expect((await visit(image)).status).toBe(200);
    expect((await settingsCall(me.cookie, 'Account/Delete', { reason: 4, password: PASSWORD })).http).toBe(200);
    for (const page of pages) expect((await fresh(page)).status, page).toBe(404);
    expect((await fresh(image)).status).toBe(404);
  });

  it('certificates: publish, private, issuer deletion (page and share image)', async () => {
    const owner = await seedOwner();
    const issuer = await seedIssuer();
    const { docId } = await seedDoc(issuer, owner);
    const cookie = `accessToken=${await createSession(owner.id)}`;
    const page = `${P}/public/acaddocs/detail/${docId}`;
    const image = `${CARDS}/acaddoc/${docId}.png`;
    const walletPage = `${P}/public/assertions/user/${owner.id}`;
    expect((await visit(page)).status).toBe(404);
    await cached(walletPage);
    await api(cookie, ACAD_STATUS, { assertion_id: docId, is_public: true });
    expect((await fresh(page)).status).toBe(200);
    expect((await fresh(walletPage)).body).toContain(docId);
    await cached(page);
    expect((await visit(image)).status).toBe(200);
    expect((await visit(image)).cache).toBe('hit');
    await api(cookie, ACAD_STATUS, { assertion_id: docId, is_public: false });
    expect((await fresh(page)).status).toBe(404);
    expect((await fresh(image)).status).toBe(404);
    await api(cookie, ACAD_STATUS, { assertion_id: docId, is_public: true });
    await cached(page);
    const { res } = await issuerCall(`/acad-docs/${docId}`, issuer.apiKey, undefined, 'DELETE');
    expect(res.status).toBe(200);
    expect((await fresh(page)).status).toBe(404);
  });

  it('imported badges: publish, the nightly re-check finding a revocation, deletion', async () => {
    const me = await signedIn();
    const [revoked, deleted] = [await imported(me), await imported(me)];
    for (const id of [revoked, deleted]) {
      const page = `${P}/public/assertions/host/detail/${id}`;
      expect((await visit(page)).status).toBe(404);
      await wallet(me.cookie, 'SetAssertionStatus', { assertion_id: id, is_public: true });
      expect((await fresh(page)).status).toBe(200);
      await cached(page);
    }
    const verdict = {
      state: 'invalid',
      revoked: true,
      reason: 'Revoked upstream',
      endorsementsJson: null,
      issuerClaimed: false,
    } as const;
    await importRepo(env.DB).recordVerdict(revoked, verdict, Date.now());
    expect((await fresh(`${P}/public/assertions/host/detail/${revoked}`)).status).toBe(404);
    await wallet(me.cookie, 'DeleteHostAssertion', { assertion_id: deleted });
    expect((await fresh(`${P}/public/assertions/host/detail/${deleted}`)).status).toBe(404);
  });

  it('share image after publish -> private -> public', async () => {
    const { me, id } = await publicBadge();
    const image = `${CARDS}/${id}.png`;
    const first = await visit(image);
    expect([first.status, first.cache, first.res.headers.get('Content-Type')]).toEqual([200, 'miss', 'image/png']);
    expect((await visit(image)).cache).toBe('hit');
    await wallet(me.cookie, 'SetAssertionStatus', { assertion_id: id, is_public: false });
    const hidden = await fresh(image);
    expect([hidden.status, hidden.cache]).toEqual([404, 'bypass']);
    await wallet(me.cookie, 'SetAssertionStatus', { assertion_id: id, is_public: true });
    const back = await fresh(image);
    expect([back.status, back.cache]).toEqual([200, 'miss']);
    expect((await visit(image)).cache).toBe('hit');
  });

  it('50 parallel toggles and reads: the settled state is what the next visitor sees', async () => {
    const { me, id } = await publicBadge();
    const page = `${P}/public/assertions/detail/${id}`;
    await cached(page);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? visit(page)
          : exports.default.fetch(`${BASE}${W}/SetAssertionStatus`, {
              method: 'POST',
              headers: { ...SAME_ORIGIN, Cookie: me.cookie },
              body: JSON.stringify({ assertion_id: id, is_public: i % 4 === 0 }),
            }),
      ),
    );
    await wallet(me.cookie, 'SetAssertionStatus', { assertion_id: id, is_public: false });
    expect((await visit(page)).status).toBe(404);
    await wallet(me.cookie, 'SetAssertionStatus', { assertion_id: id, is_public: true });
    expect((await visit(page)).status).toBe(200);
  });
});
