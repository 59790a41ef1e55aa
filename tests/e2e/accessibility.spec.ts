import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import { dejaVuOnly, drawnWith, SCRIPT_FAMILY } from './dejavu-only';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { ONE_PER_SCRIPT } from './script-families';

/**
 * Issue 22 Deliver 5: the accessibility statement, reached from the footer of every page, in one
 * language of each script family (script-families.ts says why those are enough; the English one
 * is the footer test's): axe-clean, its heading drawn by the language's own web font where the
 * script needs one (no tofu on a Chromium that knows only DejaVu), and linking the report channel.
 */
test.use({ launchOptions: dejaVuOnly() });

const BASE = '/ns/portal/openbadge';

test('the footer links to the statement (anonymous visitor)', async ({ page, problems }) => {
  await page.goto(`${BASE}/login?language=en`);
  await page
    .getByRole('navigation', { name: en.footer.nav_label })
    .getByRole('link', { name: 'Accessibility' })
    .click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole('heading', { level: 1, name: en.accessibility.title })).toBeVisible();
  await expect(page.getByText('WCAG) 2.2 at level AA')).toBeVisible();
  await expect(page.getByRole('link', { name: /\/help$/ })).toHaveAttribute('href', /^https:\/\/.+\/help$/);
  expect(problems).toEqual([]);
});

for (const lang of ONE_PER_SCRIPT) {
  test(`statement in ${lang}`, async ({ page, problems }) => {
    await page.goto(`${BASE}/accessibility?language=${lang}`);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toBeVisible();
    await expect(h1).not.toHaveText(en.accessibility.title);
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(4);
    await expect(page.locator('main li')).toHaveCount(10);
    await expectNoAxeViolations(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const family = SCRIPT_FAMILY[lang];
    for (const selector of ['main h1', 'main h2', 'main li']) {
      const drawn = await drawnWith(page, selector);
      if (family)
        expect(
          drawn.some((f) => f.startsWith(family) && f.endsWith('(web)')),
          drawn.join(', '),
        ).toBe(true);
      expect(
        drawn.every((f) => f.endsWith('(web)') || /^DejaVu/.test(f)),
        drawn.join(', '),
      ).toBe(true);
    }
    expect(problems).toEqual([]);
  });
}
