import type { CDPSession, Page } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import config from '../../playwright.config';
import { expect, test } from './fixtures';

/*
 * Spec §2 and §9: the page a form post gets during a maintenance window. The shared running Worker's
 * MAINTENANCE_WINDOW cannot be changed under the other browser tests, so its rendering is checked
 * through the development-only preview (GET /api/dev/maintenance-page, behind the server's dev
 * token), which builds the same page for a window of two hours from now; when writes are refused is
 * tested in tests/integration/maintenance.test.ts. Like web-fonts.spec.ts, Chromium knows only
 * DejaVu here, so every non-Latin glyph must come from the bundled web fonts (no tofu).
 */
const fontDir = mkdtempSync(join(tmpdir(), 'lanyard-fonts-'));
writeFileSync(
  join(fontDir, 'fonts.conf'),
  `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>` +
    `<dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>${fontDir}/cache</cachedir></fontconfig>`,
);
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    env: { ...process.env, FONTCONFIG_FILE: join(fontDir, 'fonts.conf') } as Record<string, string>,
  },
});

const BASE = '/ns/portal/openbadge';
const token = () => readFileSync('.wrangler/dev-sql-token-8787', 'utf8').trim();
const title = (lang: string) =>
  (JSON.parse(readFileSync(`src/i18n/locales/${lang}.json`, 'utf8')) as { maintenance: { page_title: string } })
    .maintenance.page_title;

/** The web font families whose faces drew the heading (what a person sees). */
async function drawnWith(page: Page, selector: string): Promise<string[]> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts.map((f) => `${f.familyName}${f.isCustomFont ? ' (web)' : ''}`);
}

const FAMILY: Record<string, string | null> = {
  en: null,
  id: null,
  vi: null,
  ja: 'Noto Sans JP',
  ko: 'Noto Sans KR',
  'zh-cn': 'Noto Sans SC',
  'zh-tw': 'Noto Sans TC',
  th: 'Noto Sans Thai',
  'bn-BD': 'Noto Sans Bengali',
};

for (const [lang, family] of Object.entries(FAMILY)) {
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
