import { readFileSync } from 'node:fs';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import { issuerApi } from '../../scripts/lib/issuer-api.mjs';
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { expect, expectNoAxeViolations, hydrated, signIn, test } from './fixtures';
import { startSessionFor } from './session';

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
  return { id, email, token: startSessionFor(id), names };
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
