import { readFileSync } from 'node:fs';
import { devSql } from '../../scripts/lib/dev-sql.mjs';
import { issuerApi } from '../../scripts/lib/issuer-api.mjs';
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { expect, test } from './fixtures';
import { startSessionFor } from './session';

/**
 * Issue 23, Deliver 1, through the built Worker and its real Astro pages: the public badge page,
 * the public wallet and the share image come from the edge cache for anonymous visitors (miss, then
 * hit), ja and en apart, never for a signed-in person, never with a cookie, and a change made
 * through the wallet's API shows on the very next anonymous request.
 */
const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';
const W = '/api/v1.0/openbadge/v2/Wallet';
const PASSWORD = 'Kestrel#Wing42';

/** An anonymous request with no cookie jar (fetch keeps none), as a crawler sends it. */
async function anonymous(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${ORIGIN}${path}`, { headers, redirect: 'manual' });
  const body = path.endsWith('.png') ? '' : await res.text();
  return { status: res.status, body, cache: res.headers.get('x-lanyard-cache'), headers: res.headers };
}

type Answer = Awaited<ReturnType<typeof anonymous>>;

/** The generation of the site-wide scope (migration 0019): texts shown on every page move it. */
async function siteGeneration(): Promise<number> {
  const [row] = await devSql(ORIGIN, "SELECT generation FROM cache_generations WHERE scope = 'site'");
  return Number((row as { generation?: number } | undefined)?.generation ?? 0);
}

/**
 * The same anonymous request twice: the first as it comes, the second expected from the cache.
 * Other specs run beside this one and change texts shown site-wide (a new tag on a badge class),
 * which rightly makes every page new; when that happened between the two, they are asked again.
 */
async function twice(path: string, headers: Record<string, string> = {}): Promise<[Answer, Answer]> {
  for (let attempt = 1; ; attempt++) {
    const before = await siteGeneration();
    const first = await anonymous(path, headers);
    const second = await anonymous(path, headers);
    if (second.cache === 'hit' || attempt === 5 || (await siteGeneration()) === before) return [first, second];
  }
}

async function walletCall(token: string, name: string, body: Record<string, unknown>) {
  const res = await fetch(`${ORIGIN}${W}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, Cookie: `accessToken=${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status, `${name}: ${await res.clone().text()}`).toBe(200);
}

test('public pages come from the edge cache and every change shows on the next request', async () => {
  test.setTimeout(90_000);
  const email = `edge-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const accountId = String(
    await registerAndActivate(ORIGIN, { email, password: PASSWORD, firstName: 'Kaito', lastName: 'Edge' }),
  );
  const demo = JSON.parse(readFileSync('.wrangler/demo.json', 'utf8')) as { issuers: { api_key: string }[] };
  const key = demo.issuers[0]?.api_key ?? '';
  const name = `Edge Cached Badge ${Date.now()}`;
  const bc = (await issuerApi(ORIGIN, '/badge-classes', key, {
    name,
    description: 'Cached at the edge.',
    image: readFileSync('public/favicon.svg').toString('base64'),
    criteria_narrative: 'Be fast.',
  })) as { badge_class_id: string };
  const awarded = (await issuerApi(ORIGIN, '/awards', key, {
    badge_class_id: bc.badge_class_id,
    recipients: [email],
  })) as { assertions: { assertion_id: string }[] };
  const id = awarded.assertions[0]?.assertion_id ?? '';
  const token = await startSessionFor(accountId);
  await walletCall(token, 'SetReceiveBadgeFromWallet', { assertion_id: id });
  await walletCall(token, 'SetAssertionStatus', { assertion_id: id, is_public: true });

  const page = `${BASE}/public/assertions/detail/${id}`;
  const en = { 'Accept-Language': 'en' };
  const [first, hit] = await twice(page, en);
  expect([first.status, first.cache]).toEqual([200, 'miss']);
  expect(first.body).toContain(name);
  expect([hit.status, hit.cache, hit.body]).toEqual([200, 'hit', first.body]);
  expect(hit.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  expect(hit.headers.get('set-cookie')).toBeNull();
  const etag = hit.headers.get('etag') ?? '';
  expect((await anonymous(page, { ...en, 'If-None-Match': etag })).status).toBe(304);

  // Japanese is its own copy.
  const [ja, jaAgain] = await twice(page, { 'Accept-Language': 'ja' });
  expect(ja.cache).toBe('miss');
  expect(ja.body).toContain('lang="ja"');
  expect(jaAgain.cache).toBe('hit');
  expect((await anonymous(page, en)).body).toBe(first.body);

  // The owner (signed in) is never served from, nor stored in, the cache.
  const owner = await anonymous(page, { ...en, Cookie: `accessToken=${token}` });
  expect([owner.status, owner.cache]).toEqual([200, 'bypass']);
  expect(owner.headers.get('cache-control')).toBe('no-store');

  // The share image: stored after the first render.
  const image = `${W}/Public/ShareImage/${id}.png`;
  const [drawn, stored] = await twice(image);
  expect(drawn.status).toBe(200);
  expect(stored.cache).toBe('hit');

  // Private: the very next anonymous request is a 404, page and image.
  await walletCall(token, 'SetAssertionStatus', { assertion_id: id, is_public: false });
  const hidden = await anonymous(page, en);
  expect([hidden.status, hidden.cache]).toEqual([404, 'bypass']);
  expect((await anonymous(image)).status).toBe(404);

  // Public again, then a new name: the public wallet shows it at once.
  await walletCall(token, 'SetAssertionStatus', { assertion_id: id, is_public: true });
  expect((await anonymous(page, en)).status).toBe(200);
  const wallet = `${BASE}/public/assertions/user/${accountId}`;
  const [shown, again] = await twice(wallet, en);
  expect(shown.body).toContain('Kaito');
  expect(again.cache).toBe('hit');
  const renamed = `Edge${Date.now().toString(36)}`;
  const saved = await fetch(`${ORIGIN}${W}/Setting/Profile/Set`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, Cookie: `accessToken=${token}` },
    body: JSON.stringify({
      first_name: 'Kaito',
      last_name: renamed,
      first_name_en: 'Kaito',
      last_name_en: renamed,
      bio: '',
    }),
  });
  expect(saved.status).toBe(200);
  const fresh = await anonymous(wallet, en);
  expect(fresh.cache).toBe('miss');
  expect(fresh.body).toContain(renamed);
});
