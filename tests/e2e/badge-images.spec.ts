import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import { devSql } from '../../scripts/lib/dev-sql.mjs';
import { issuerApi } from '../../scripts/lib/issuer-api.mjs';
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { expect, hydrated, signIn, test } from './fixtures';
import { startSessionFor } from './session';

const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';

/** Every <img> of the page scrolled into view (they load lazily) and loaded; answers the broken ones. */
async function brokenImages(page: Page): Promise<string[]> {
  for (const img of await page.locator('img').all()) await img.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
  return page.evaluate(() => [...document.images].filter((i) => i.naturalWidth === 0).map((i) => i.src));
}

/**
 * Issue 24 item 1: a wallet holding a live, a revoked, an expired and an image-less badge shows a
 * picture for each, the revoked and expired ones greyed at 130x130, and no request fails.
 */
test("the owner's list shows a picture for revoked, expired and image-less badges", async ({ page, problems }) => {
  test.setTimeout(60_000);
  const email = `pictures-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const id = String(
    await registerAndActivate(ORIGIN, { email, password: 'Kestrel#Wing42', firstName: 'Aoi', lastName: 'Mori' }),
  );
  const demo = JSON.parse(readFileSync('.wrangler/demo.json', 'utf8')) as { issuers: { api_key: string }[] };
  const key = demo.issuers[0]?.api_key ?? '';
  const award = async (name: string) => {
    const bc = (await issuerApi(ORIGIN, '/badge-classes', key, {
      name,
      description: `${name} for the picture test.`,
      image: readFileSync('public/favicon.svg').toString('base64'),
      criteria_narrative: 'Pass the test.',
    })) as { badge_class_id: string };
    const awarded = (await issuerApi(ORIGIN, '/awards', key, {
      badge_class_id: bc.badge_class_id,
      recipients: [email],
    })) as { assertions: { assertion_id: string }[] };
    return { classId: bc.badge_class_id, id: awarded.assertions[0]?.assertion_id ?? '' };
  };
  await award('Live Picture');
  const revoked = await award('Revoked Picture');
  const expired = await award('Expired Picture');
  const bare = await award('Bare Picture');
  await issuerApi(ORIGIN, `/assertions/${revoked.id}/revoke`, key, { reason: 'Awarded by mistake.' });
  await devSql(ORIGIN, 'UPDATE assertions SET accept_status = 2, accepted_at = 1 WHERE account_id = ?', [id]);
  await devSql(ORIGIN, 'UPDATE assertions SET expires_at = ? WHERE id = ?', [Date.now() - 86_400_000, expired.id]);
  await devSql(ORIGIN, 'UPDATE badge_classes SET image_key = NULL WHERE id = ?', [bare.classId]);

  await signIn(page, await startSessionFor(id));
  await page.goto(`${BASE}/assertions?language=en`);
  await hydrated(page, 'BadgeList');
  const cards = page.locator('.badge-card');
  await expect(cards).toHaveCount(4);
  expect(await brokenImages(page)).toEqual([]);

  const revokedCard = cards.filter({ hasText: 'Revoked Picture' });
  await expect(revokedCard.getByText(en.wallet.mark_revoked, { exact: true })).toBeVisible();
  for (const name of ['Revoked Picture', 'Expired Picture']) {
    const img = cards.filter({ hasText: name }).locator('img');
    await expect(img).toHaveCSS('filter', 'grayscale(1)');
    expect(await img.evaluate((i) => [i.clientWidth, i.clientHeight])).toEqual([130, 130]);
  }
  await expect(cards.filter({ hasText: 'Live Picture' }).locator('img')).toHaveCSS('filter', 'none');
  await page.screenshot({ path: test.info().outputPath('list-with-revoked-badge.png'), fullPage: true });

  // The detail page of the revoked badge draws its picture too.
  await page.goto(`${BASE}/assertions/detail/${revoked.id}?language=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Revoked Picture' })).toBeVisible();
  expect(await brokenImages(page)).toEqual([]);
  expect(problems).toEqual([]);
});
