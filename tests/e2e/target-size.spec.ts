import { LANGUAGES } from '../../src/i18n/languages';
import { dejaVuOnly } from './dejavu-only';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { ONE_PER_SCRIPT } from './script-families';

/**
 * WCAG 2.2 target size (24 x 24 px) of the footer's links must not depend on which font drew them.
 * The CI run of 36e2a71 failed axe's target-size check on the Japanese consent page's footer: the
 * page was measured before its web fonts had arrived, and with the fallback font's metrics the
 * links came out under 24 px. Here the web fonts never arrive (every font request is refused, on a
 * Chromium that knows only DejaVu), which is that moment held still: the check cannot pass or fail
 * by timing.
 */
test.use({ launchOptions: dejaVuOnly() });

const BASE = '/ns/portal/openbadge';

for (const lang of LANGUAGES) {
  test(`footer links are 24 px targets in the fallback font (${lang})`, async ({ page }) => {
    await page.route('**/fonts/web/**', (route) => route.abort());
    await page.goto(`${BASE}/login?language=${lang}`);
    const links = page.locator('footer a');
    await expect(links.first()).toBeVisible();
    const boxes = await links.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { text: el.textContent?.trim() ?? '', width: r.width, height: r.height };
      }),
    );
    expect(boxes.length).toBeGreaterThan(9);
    expect(boxes.filter((b) => b.height < 24 || b.width < 24)).toEqual([]);
    // The sizes above are measured in all nine: a label's width is the language's own (the shortest
    // are Chinese). axe, which costs most of the test, runs once per script family (script-families.ts).
    if ((ONE_PER_SCRIPT as readonly string[]).includes(lang)) await expectNoAxeViolations(page);
  });
}
