import type { Browser, Page } from '@playwright/test';
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { expect, expectNoAxeViolations, test } from './fixtures';

/**
 * Issue 22, "sign out another session from settings": one account signed in in two browser
 * contexts (two devices); the first lists both on Settings > Signed-in devices, this device marked,
 * and signs the other out with the page's plain form; the other context is then signed out.
 */
const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';
const PASSWORD = 'Kestrel#Wing42';

async function logIn(page: Page, email: string) {
  await page.goto(`${BASE}/login?language=en`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
}

async function device(browser: Browser, email: string, userAgent: string) {
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  await logIn(page, email);
  return { context, page };
}

test('sign out the other device from settings; it is signed out', async ({ browser, page, problems }) => {
  const email = `sessions-${Date.now()}@example.test`;
  await registerAndActivate(ORIGIN, { email, password: PASSWORD, firstName: 'Rin', lastName: 'Ito' });
  const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
  const other = await device(browser, email, firefox);
  await logIn(page, email);

  await page.goto(`${BASE}/setting?menu=1`);
  await page.getByRole('link', { name: 'Signed-in devices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Signed-in devices' })).toBeVisible();
  const items = page.getByTestId('sessions').locator('> li');
  await expect(items).toHaveCount(2);
  // This device first and marked; no place locally.
  await expect(items.first()).toContainText('This device');
  await expect(items.first()).toContainText('Unknown');
  await expect(items.nth(1)).toContainText('Firefox on Windows');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign out Firefox on Windows' }).click();
  await expect(page.getByRole('status')).toHaveText('That session is signed out.');
  await expect(items).toHaveCount(1);
  await expect(page.getByText('No other device is signed in.')).toBeVisible();

  // The other context is signed out: a protected page sends it to the login page.
  await other.page.goto(`${BASE}/setting/sessions`);
  await expect(other.page).toHaveURL(/\/login\?redirect=/);
  // This one is still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Signed-in devices' })).toBeVisible();
  await other.context.close();
  expect(problems).toEqual([]);
});

test('"sign out everywhere else" works without JavaScript', async ({ browser, problems }) => {
  const email = `sessions-nojs-${Date.now()}@example.test`;
  await registerAndActivate(ORIGIN, { email, password: PASSWORD, firstName: 'Sora', lastName: 'Abe' });
  const a = await device(browser, email, 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0');
  const b = await device(browser, email, 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0');
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  await noJs.addCookies(await a.context.cookies());
  const page = await noJs.newPage();
  await page.goto(`${BASE}/setting/sessions?language=en`);
  await expect(page.getByTestId('sessions').locator('> li')).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByRole('status')).toHaveText('1 other session was signed out.');
  await b.page.goto(`${BASE}/setting/sessions`);
  await expect(b.page).toHaveURL(/\/login\?redirect=/);
  for (const c of [a.context, b.context, noJs]) await c.close();
  expect(problems).toEqual([]);
});
