import { readFileSync } from 'node:fs';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import th from '../../src/i18n/locales/th.json' with { type: 'json' };
import { expect, expectNoAxeViolations, test } from './fixtures';
import type { Page } from '@playwright/test';

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
  const asked = page.waitForRequest((r) => r.url().endsWith('/Wallet/Public/Verification'));
  await button.click();
  // The public page asks by id with no address: the server checks the address the badge was sent to.
  const sent = (await asked).postDataJSON() as { input_type: string; verification_mail?: string[] };
  expect(sent.input_type).toBe('assertion_id');
  expect(sent.verification_mail ?? []).toEqual([]);
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

/** The hosted URL of a demo badge issued here (verified as any URL would be, no address given). */
const hostedUrl = (key: string) => `http://127.0.0.1:8787/api/v1.0/openBadge/v2/Assertion/${demo()[key]}`;

async function verifyWithoutAddress(page: Page, lang: 'en' | 'th'): Promise<void> {
  await page.goto(`${BASE}/verification?language=${lang}`);
  const t = lang === 'en' ? en : th;
  await page.getByLabel(t.verify.url).fill(hostedUrl('demo-as-accepted-public'));
  await page.getByRole('button', { name: t.verify.submit, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: t.verify.result })).toBeVisible();
}

test('a genuine badge verified without an address: a neutral message says what was checked and asks for it', async ({
  page,
  problems,
}, testInfo) => {
  await verifyWithoutAddress(page, 'en');
  const status = page.getByRole('status');
  await expect(status).toHaveText(en.verify.recipient_unchecked);
  await expect(status).toHaveClass(/verdict-neutral/);
  await expect(status).not.toHaveClass(/verdict-fail/);
  // The spec's items are kept: W001 still fails awarded_to, the other three pass.
  await expect(page.locator('.verify-success')).toHaveCount(3);
  await expect(page.locator('.verify-item.verify-fail')).toHaveCount(1);
  await expect(page.getByText(en.verify.recipient_prompt)).toBeVisible();
  const address = page.locator('#verify-email');
  await expect(address).toBeFocused();
  await expect(address).toBeInViewport();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('verify-w001-en.png'), fullPage: true });

  // The URL is kept in the form: giving the address is one more submit, and then all four pass.
  await address.fill('demo@lanyard.localhost');
  await page.getByRole('button', { name: en.verify.submit, exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(en.verify.pass);
  await expect(page.locator('.verify-success')).toHaveCount(4);

  await verifyWithoutAddress(page, 'th');
  await expect(page.getByRole('status')).toHaveText(th.verify.recipient_unchecked);
  await page.screenshot({ path: testInfo.outputPath('verify-w001-th.png'), fullPage: true });
  expect(problems).toEqual([]);
});

/**
 * The findings heading sits below the last item row, never on it. Both rectangles are read in one
 * evaluation, so a scroll between two separate boundingBox() calls (focus moving to the result
 * panel) cannot make them disagree; they are compared in page coordinates.
 */
async function expectHeadingClear(page: Page): Promise<void> {
  const heading = page.locator('.verify-result .verify-findings-heading');
  await expect(heading).toBeVisible();
  const boxes = await heading.evaluate((h) => {
    const rows = h.closest('.verify-result')?.querySelectorAll('.verify-item');
    const last = rows?.[rows.length - 1];
    if (!last) return null;
    const a = h.getBoundingClientRect();
    const b = last.getBoundingClientRect();
    return { headingTop: a.top + window.scrollY, rowBottom: b.bottom + window.scrollY };
  });
  expect(boxes).not.toBeNull();
  if (boxes) expect(boxes.headingTop).toBeGreaterThanOrEqual(boxes.rowBottom - 0.5);
}

for (const width of [390, 1280]) {
  test(`Thai result panel at ${width} px: the findings heading does not overlap the last item row`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    // The page's server-rendered panel (W001 finding)...
    await verifyWithoutAddress(page, 'th');
    await expectHeadingClear(page);
    // ...and the island's panel on a badge page (E045 finding).
    await page.goto(`${BASE}/public/assertions/detail/${demo()['demo-as-expired']}?language=th`);
    const button = page.getByRole('button', { name: th.verify.verify_this });
    await button.hover();
    await page.locator('astro-island[component-url*="VerifyBadge"]:not([ssr])').waitFor({ state: 'attached' });
    await button.click();
    await expect(page.getByRole('region', { name: th.verify.result }).getByRole('status')).toHaveText(
      th.verify.not_pass,
    );
    await expectHeadingClear(page);
    await page.screenshot({ path: testInfo.outputPath(`verify-panel-th-${width}.png`), fullPage: true });
  });
}
