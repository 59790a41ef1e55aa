import { readFileSync } from 'node:fs';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import { expect, expectNoAxeViolations, test } from './fixtures';

const BASE = '/ns/portal/openbadge';
/** The demo world's badge ids (written by scripts/demo-seed.mjs). */
const demo = () =>
  (JSON.parse(readFileSync('.wrangler/demo.json', 'utf8')) as { assertions: Record<string, string> }).assertions;

test('a visitor verifies a public badge in place: no island script until reached for, then four items', async ({
  page,
  problems,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`${BASE}/public/assertions/detail/${demo()['demo-as-accepted-public']}?language=en`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Public pages fetch no script before interaction (the hydration bootstrap is inline).
  expect(scripts).toEqual([]);
  const button = page.getByRole('button', { name: en.verify.verify_this });
  await button.hover();
  await page.locator('astro-island[component-url*="VerifyBadge"]:not([ssr])').waitFor({ state: 'attached' });
  expect(scripts.length).toBeGreaterThan(0);
  await button.click();
  const result = page.getByRole('region', { name: en.verify.result });
  await expect(result.getByRole('status')).toHaveText(en.verify.pass);
  await expect(result.locator('.verify-success')).toHaveCount(4);
  // A badge issued here names its holder, never the address it was sent to.
  await expect(result.getByText('demo@lanyard.localhost')).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(page.url()).toContain(`/public/assertions/detail/${demo()['demo-as-accepted-public']}`);

  // An expired badge: the whole report, with expires_on failed and E045 explained.
  await page.goto(`${BASE}/public/assertions/detail/${demo()['demo-as-expired']}?language=en`);
  await page.getByRole('button', { name: en.verify.verify_this }).hover();
  await page.locator('astro-island[component-url*="VerifyBadge"]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: en.verify.verify_this }).click();
  const expired = page.getByRole('region', { name: en.verify.result });
  await expect(expired.getByRole('status')).toHaveText(en.verify.not_pass);
  await expect(expired.locator('.verify-fail')).toHaveCount(1);
  await expect(expired.getByText(en.verify.code.E045)).toBeVisible();
  expect(problems).toEqual([]);
});

test('without JavaScript, "Verify this badge" posts to the verify page and shows the report there', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${BASE}/public/assertions/detail/${demo()['demo-as-accepted-public']}?language=en`);
  await page.getByRole('button', { name: en.verify.verify_this }).click();
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByRole('heading', { level: 2, name: en.verify.result })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(en.verify.pass);
  await context.close();
});
