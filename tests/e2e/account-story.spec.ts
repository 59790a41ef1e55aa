import type { Page } from '@playwright/test';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja.json' with { type: 'json' };
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';

type Catalogue = typeof en;
const fill = (s: string, vars: Record<string, string | number> = {}) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
const BASE = '/ns/portal/openbadge';

/** Opens the newest dev-mailbox mail to `to` whose subject is `subject`, and returns its only link. */
async function mailedLink(page: Page, c: Catalogue, to: string, subject: string): Promise<string> {
  const mail = page
    .locator('article.mail')
    .filter({ has: page.getByRole('heading', { name: subject }) })
    .first();
  // The queue delivers within a second or two; a person would reload the mailbox until it is there.
  await expect(async () => {
    await page.goto(`${BASE}/dev/mailbox?to=${encodeURIComponent(to)}`);
    await expect(page.getByRole('heading', { level: 1, name: c.dev_mailbox.title })).toBeVisible();
    await expect(mail).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  const href = await mail.locator('.mail-body a').first().getAttribute('href');
  expect(href).toMatch(/^http:\/\/127\.0\.0\.1:8787\/ns\/portal\/openbadge\//);
  return href ?? '';
}

async function logIn(page: Page, c: Catalogue, email: string, password: string) {
  await hydrated(page, 'LoginForm');
  await page.getByLabel(c.login.email).fill(email);
  await page.getByRole('button', { name: c.login.next, exact: true }).click();
  await page.getByLabel(c.login.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: c.login.submit, exact: true }).click();
}

for (const [lang, c] of [
  ['en', en],
  ['ja', ja as Catalogue],
] as const) {
  test(`${lang}: register, activate from the mailed link, log in, get locked out, reset by mail, log in again`, async ({
    page,
    problems,
  }) => {
    test.setTimeout(120_000);
    const email = `story-${lang}-${Date.now()}@example.test`;
    const password = lang === 'en' ? 'Maple#Leaf2026' : 'Fuji#San3776';
    const newPassword = lang === 'en' ? 'Cedar#Grove2027' : 'Kumo#Sora2027';

    // Step 1: the terms; "I Agree" waits for the 250 px area to be scrolled to the end.
    await page.goto(`${BASE}/createaccount?language=${lang}`);
    await hydrated(page, 'RegisterWizard');
    const agree = page.getByRole('button', { name: c.terms.agree });
    await expect(agree).toBeDisabled();
    const terms = page.locator('.terms-scroll');
    await expect(terms).toHaveCSS('height', '250px');
    await expect(terms.getByRole('heading', { level: 2 }).first()).toHaveAttribute('id', /.+/);
    await terms.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(agree).toBeEnabled();
    await expectNoAxeViolations(page);
    await agree.click();

    // Step 2: the form mirrors the server's password rules before sending anything.
    await page.getByLabel(c.account.last_name).fill(lang === 'en' ? 'Rivera' : '山田');
    await page.getByLabel(c.account.first_name).fill(lang === 'en' ? 'Ana' : '花子');
    await page.getByLabel(c.account.email).fill(email);
    await page.getByLabel(c.account.password, { exact: true }).fill('password');
    await page.getByLabel(c.account.confirm_password).fill('different');
    await page.getByRole('button', { name: c.register.submit }).click();
    await expect(page.getByText(c.validation.password_classes)).toBeVisible();
    await expect(page.getByText(c.validation.password_mismatch)).toBeVisible();
    await page.getByLabel(c.account.password, { exact: true }).fill(password);
    await page.getByLabel(c.account.confirm_password).fill(password);
    await page.getByRole('button', { name: c.register.submit }).click();

    // Step 3: mail sent; the link arrives in the dev mailbox.
    await expect(page.getByText(fill(c.register.sent_message, { email, hours: 24 }))).toBeVisible();
    const activation = await mailedLink(page, c, email, c.mail.activation.subject);
    expect(activation).toContain('/activation/');
    await page.goto(activation);
    await hydrated(page, 'ActivateAccount');
    await page.getByRole('button', { name: c.activation.submit }).click();
    await expect(page.getByRole('heading', { name: c.activation.done_heading, exact: true })).toBeVisible();
    await page.getByRole('link', { name: c.login.submit }).click();

    // Five wrong passwords: the attempts left count down, then the address is locked.
    await hydrated(page, 'LoginForm');
    await page.getByLabel(c.login.email).fill(email);
    await page.getByRole('button', { name: c.login.next, exact: true }).click();
    for (let left = 4; left >= 0; left--) {
      await page.getByLabel(c.login.password, { exact: true }).fill(`Wrong#Guess${left}x`);
      await page.getByRole('button', { name: c.login.submit, exact: true }).click();
      const expected = left > 0 ? fill(c.errors.E401102, { count: left }) : fill(c.errors.E423100, { minutes: 30 });
      await expect(page.getByRole('alert')).toHaveText(expected);
    }
    // Even the right password is refused while locked.
    await page.getByLabel(c.login.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: c.login.submit, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(fill(c.errors.E423100, { minutes: 30 }));

    // Forgot password: the mailed link sets a new password and lifts the lock.
    await page.getByRole('link', { name: c.login.forgot }).click();
    await hydrated(page, 'RequestLinkForm');
    await page.getByLabel(c.account.email).fill(email);
    await page.getByRole('button', { name: c.password.send }).click();
    await expect(page.getByRole('heading', { name: c.password.sent_heading, exact: true })).toBeVisible();
    const reset = await mailedLink(page, c, email, c.mail.reset.subject);
    expect(reset).toContain('/password/reset/');
    await page.goto(reset);
    await hydrated(page, 'NewPasswordForm');
    await page.getByLabel(c.password.new_password, { exact: true }).fill(newPassword);
    await page.getByLabel(c.password.confirm_new_password).fill(newPassword);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: c.password.save }).click();
    await expect(page.getByRole('heading', { name: c.password.done_heading, exact: true })).toBeVisible();

    // The link works once: opened again, it says so at once and asks for no password (issue 35, item 5).
    const again = await page.goto(reset);
    expect(again?.status()).toBe(410);
    await hydrated(page, 'NewPasswordForm');
    await expect(page.getByRole('alert')).toHaveText(c.errors.E410101);
    await expect(page.getByLabel(c.password.new_password, { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: c.password.request_new })).toBeVisible();

    await page.goto(`${BASE}/login?redirect=${encodeURIComponent(`${BASE}/terms`)}`);
    await logIn(page, c, email, newPassword);
    await expect(page).toHaveURL(new RegExp(`${BASE}/terms$`));
    await expect(page.getByRole('button', { name: c.header.account_menu })).toBeVisible();
    // Terms were agreed at registration, so no terms modal.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(problems.filter((p) => !/\/Wallet\/(Login|ResetPassword)\b/.test(p))).toEqual([]);
  });
}
