import { readFileSync } from 'node:fs';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import { issuerApi } from '../../scripts/lib/issuer-api.mjs';
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { expect, expectNoAxeViolations, hydrated, signIn, test } from './fixtures';
import { startSessionFor } from './session';
import { chunk, png } from '../support/png';

const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';

/** A fresh wallet with two claimable badges from the demo issuer, signed in on `page`. */
async function freshWallet() {
  const email = `wallet-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const id = String(
    await registerAndActivate(ORIGIN, { email, password: 'Kestrel#Wing42', firstName: 'Mika', lastName: 'Sato' }),
  );
  const demo = JSON.parse(readFileSync('.wrangler/demo.json', 'utf8')) as { issuers: { api_key: string }[] };
  const key = demo.issuers[0]?.api_key ?? '';
  const names = ['Orbit Mechanics', 'Tidal Ecology'];
  for (const name of names) {
    const bc = (await issuerApi(ORIGIN, '/badge-classes', key, {
      name,
      description: `${name} for the wallet test.`,
      image: readFileSync('public/favicon.svg').toString('base64'),
      criteria_narrative: 'Pass the test.',
      tags: ['Testing'],
    })) as { badge_class_id: string };
    await issuerApi(ORIGIN, '/awards', key, { badge_class_id: bc.badge_class_id, recipients: [email] });
  }
  return { id, email, token: await startSessionFor(id), names };
}

test('the badge list: receive one, hide one, and find the received badge in the list', async ({ page, problems }) => {
  const w = await freshWallet();
  await signIn(page, w.token);
  await page.goto(`${BASE}/assertions?language=en`);
  await expect(page.getByRole('heading', { level: 1, name: en.wallet.heading })).toBeVisible();
  await expect(page.getByText(en.wallet.no_badge_data)).toBeVisible();
  await page.getByRole('link', { name: en.wallet.claimable_notice.replace('{{count}}', '2') }).click();
  await hydrated(page, 'BadgeList');
  const cards = page.locator('.badge-card');
  await expect(cards).toHaveCount(2);
  await expectNoAxeViolations(page);
  const orbit = cards.filter({ hasText: 'Orbit Mechanics' });
  await orbit.getByRole('button', { name: en.wallet.receive, exact: true }).click();
  await expect(cards).toHaveCount(1);
  await cards.getByRole('button', { name: en.wallet.hide }).click();
  await expect(page.getByText(en.wallet.no_badge_data)).toBeVisible();
  await page.getByRole('link', { name: en.wallet.tab_badges }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Orbit Mechanics');
  await expect(cards.first()).toContainText(en.wallet.mark_private);
  // Search narrows the list after the debounce.
  await hydrated(page, 'BadgeList');
  await page.getByLabel(en.wallet.search, { exact: true }).fill('tidal');
  await expect(page.getByText(en.wallet.no_badge_data)).toBeVisible();
  await page.getByLabel(en.wallet.search, { exact: true }).fill('orbit');
  await expect(cards).toHaveCount(1);
  expect(problems).toEqual([]);
});

test('publish a badge, read its public page logged out (as a crawler would), then make it private', async ({
  page,
  browser,
  problems,
}) => {
  // Two wallets and two browser contexts: longer than the default budget on a 2-core machine.
  test.setTimeout(60_000);
  const w = await freshWallet();
  await signIn(page, w.token);
  await page.goto(`${BASE}/assertions?tab=receiving&language=en`);
  await hydrated(page, 'BadgeList');
  await page.getByRole('button', { name: en.wallet.receive_all }).click();
  await expect(page.getByText(en.wallet.no_badge_data)).toBeVisible();
  await page.goto(`${BASE}/assertions`);
  await page.getByRole('link', { name: /Tidal Ecology/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tidal Ecology' })).toBeVisible();
  await expect(page.getByText(w.email)).toBeVisible();
  await hydrated(page, 'BadgeActions');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: en.detail.make_public }).click();
  await expect(page.getByRole('status').filter({ hasText: en.detail.is_public })).toBeVisible();
  const publicUrl = new URL(
    (await page.getByRole('link', { name: en.detail.public_page }).getAttribute('href')) ?? '',
    page.url(),
  ).toString();

  // Logged out, with JavaScript off: the whole page is in the HTML, with its share tags.
  const anonymous = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await anonymous.newPage();
  const res = await visitor.goto(`${publicUrl}?language=en`);
  expect(res?.status()).toBe(200);
  // The Worker reports its own render time (the benchmark's figure).
  expect((await res?.allHeaders())?.['server-timing']).toMatch(/render;dur=\d/);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Tidal Ecology' })).toBeVisible();
  await expect(visitor.getByText('Tidal Ecology for the wallet test.')).toBeVisible();
  await expect(visitor.getByText(w.email)).toHaveCount(0);
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Tidal Ecology');
  await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /^http:\/\/127\.0\.0\.1:8787\//,
  );
  await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute('href', publicUrl);
  const ld = JSON.parse((await visitor.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
    name?: string;
  };
  expect(ld.name).toBe('Tidal Ecology');
  // The public wallet lists it.
  await visitor.goto(`${BASE}/public/assertions/user/${w.id}?language=en`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(
    en.detail.public_wallet_title.replace('{{name}}', 'Mika Sato'),
  );
  await expect(visitor.getByRole('link', { name: /Tidal Ecology/ })).toBeVisible();

  // Private again: gone from every public surface at once.
  await page.getByRole('button', { name: en.detail.make_private }).click();
  await expect(page.getByRole('status').filter({ hasText: en.detail.is_private })).toBeVisible();
  const gone = await visitor.goto(`${publicUrl}?language=en`);
  expect(gone?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { name: en.detail.private_heading })).toBeVisible();
  await visitor.goto(`${BASE}/public/assertions/user/${w.id}`);
  await expect(visitor.getByText(en.wallet.no_badge_data)).toBeVisible();
  await anonymous.close();

  // Someone else's badge is "not found" for another account.
  const other = await freshWallet();
  await signIn(page, other.token);
  const id = publicUrl.split('/').pop() ?? '';
  const foreign = await page.goto(`${BASE}/assertions/detail/${id}`);
  expect(foreign?.status()).toBe(404);
  expect(problems).toEqual([]);
});

test('the add-a-badge screen: reached from the list, refusals shown in the page', async ({ page, problems }) => {
  const w = await freshWallet();
  await signIn(page, w.token);
  await page.goto(`${BASE}/assertions?language=en`);
  await page.getByRole('link', { name: en.import.add_link }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.import.title })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: en.import.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(en.errors.E400103);
  await page.getByLabel(en.import.image).setInputFiles({
    name: 'plain.png',
    mimeType: 'image/png',
    // A valid PNG that carries no badge.
    buffer: Buffer.from(png(64, 64, chunk('IDAT', new Uint8Array(32)))),
  });
  await page.getByRole('button', { name: en.import.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(en.errors.E422100);
  expect(problems).toEqual([]);
});
