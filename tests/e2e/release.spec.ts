import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

/*
 * Spec §4 Session: "A version mismatch forces a page reload". The page carries the release it was
 * rendered with; version.json is made to answer another release in the browser (page.route), and
 * the check runs as it does when a person comes back to the tab.
 */
const BASE = '/ns/portal/openbadge';
const RELEASE = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

/** Counts the page's document loads (the first one included). */
function loads(page: Page) {
  let n = 0;
  page.on('load', () => (n += 1));
  return () => n;
}

/** What a person coming back to the tab does: the tab becomes visible again. */
async function comeBack(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

test('a page of an older release reloads once when the person comes back to it', async ({ page, problems }) => {
  const count = loads(page);
  let asked = 0;
  await page.route(`**${BASE}/version.json`, (route) => {
    asked += 1;
    return route.fulfill({ json: { release_version: `${RELEASE}-next` } });
  });
  await page.goto(`${BASE}/login`);
  await expect(page.locator('html')).toHaveAttribute('data-release', RELEASE);
  expect(count()).toBe(1);
  await page.waitForLoadState('networkidle');

  const reloaded = page.waitForEvent('load');
  await comeBack(page);
  await reloaded;
  expect(count()).toBe(2);
  expect(asked).toBeGreaterThanOrEqual(1);

  // The reloaded page still says the old release (as a stale cache would): no second reload, no loop.
  await page.waitForLoadState('networkidle');
  const before = asked;
  await comeBack(page);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => asked).toBeGreaterThan(before);
  await page.waitForTimeout(500);
  expect(count()).toBe(2);
  expect(problems).toEqual([]);
});

test('a page of the running release does not reload', async ({ page, problems }) => {
  const count = loads(page);
  let asked = 0;
  page.on('request', (r) => {
    if (r.url().endsWith(`${BASE}/version.json`)) asked += 1;
  });
  await page.goto(`${BASE}/login`);
  await page.waitForLoadState('networkidle');
  await comeBack(page);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => asked).toBeGreaterThanOrEqual(1);
  await page.waitForTimeout(500);
  expect(count()).toBe(1);
  expect(problems).toEqual([]);
});
