import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

/** Every page test collects console errors and failed requests; none are allowed. */
export const test = base.extend<{ problems: string[] }>({
  problems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      // Chrome reports a non-2xx *document* (our 404/403 pages) as a failed load; that status is
      // the point of those pages. Failed subresources are caught by the response listener below.
      if (m.text().startsWith('Failed to load resource') && m.location().url === page.url()) return;
      problems.push(`console: ${m.text()} (${m.location().url})`);
    });
    page.on('response', (r) => {
      if (r.request().resourceType() !== 'document' && r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await use(problems);
  },
});
export { expect };

export function sessions(): { stay: string; signOut: string } {
  return JSON.parse(readFileSync('.wrangler/e2e/sessions.json', 'utf8')) as { stay: string; signOut: string };
}

export async function signIn(page: Page, token: string): Promise<void> {
  await page
    .context()
    .addCookies([{ name: 'accessToken', value: token, url: 'http://127.0.0.1:8787', httpOnly: true, sameSite: 'Lax' }]);
}

/** axe-core with WCAG 2.x A/AA rules: the page must have no violations at all. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Waits until an island is hydrated (Astro drops the `ssr` attribute), as a person waits for a page to respond. */
export async function hydrated(page: Page, component: string): Promise<void> {
  await page.locator(`astro-island[component-url*="${component}"]:not([ssr])`).waitFor({ state: 'attached' });
}
