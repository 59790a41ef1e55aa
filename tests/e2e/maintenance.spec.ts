import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { dejaVuOnly, drawnWith, SCRIPT_FAMILY } from './dejavu-only';

/*
 * Spec §2 and §9: the page a form post gets during a maintenance window. The shared running Worker's
 * MAINTENANCE_WINDOW cannot be changed under the other browser tests, so its rendering is checked
 * through the development-only preview (GET /api/dev/maintenance-page, behind the server's dev
 * token), which builds the same page for a window of two hours from now; when writes are refused is
 * tested in tests/integration/maintenance.test.ts. Like web-fonts.spec.ts, Chromium knows only
 * DejaVu here, so every non-Latin glyph must come from the bundled web fonts (no tofu).
 */
test.use({
  launchOptions: dejaVuOnly(),
});

const BASE = '/ns/portal/openbadge';
const token = () => readFileSync('.wrangler/dev-sql-token-8787', 'utf8').trim();
const title = (lang: string) =>
  (JSON.parse(readFileSync(`src/i18n/locales/${lang}.json`, 'utf8')) as { maintenance: { page_title: string } })
    .maintenance.page_title;

for (const [lang, family] of Object.entries(SCRIPT_FAMILY)) {
  test(`the maintenance page in ${lang}: 503, Retry-After, translated, drawn with its script's font`, async ({
    page,
    problems,
  }) => {
    await page.setExtraHTTPHeaders({ authorization: `Bearer ${token()}` });
    const res = await page.goto(`/api/dev/maintenance-page?language=${lang}`);
    expect(res?.status()).toBe(503);
    expect(Number(res?.headers()['retry-after'])).toBeGreaterThan(7000);
    await expect(page.locator('h1')).toHaveText(title(lang));
    await expect(page.locator('html')).toHaveAttribute('lang', /./);
    await expect(page.locator('main p').first()).toContainText('UTC+09:00');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const drawn = await drawnWith(page, 'h1');
    if (family)
      expect(
        drawn.some((f) => f.startsWith(family) && f.endsWith('(web)')),
        drawn.join(', '),
      ).toBe(true);
    // The home link leads to a page that keeps serving during maintenance.
    await expect(page.locator(`a[href="${BASE}/init"]`)).toBeVisible();
    expect(problems).toEqual([]);
  });
}

test('without a window set, pages show no maintenance notice (the spec window of 2022 is past)', async ({ page }) => {
  await page.goto(`${BASE}/login`);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('[data-maintenance-notice]')).toHaveCount(0);
});
