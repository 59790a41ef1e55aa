import type { Page } from '@playwright/test';
import ja from '../../src/i18n/locales/ja.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { awardBadge, BASE, fill } from './form-helpers';

/*
 * Issue 25, "done means": with JavaScript off in the browser, a new person registers, activates from
 * the dev mailbox page, signs in, receives a badge by link and resets the password, in Japanese.
 */
test.use({ javaScriptEnabled: false });

/** Opens the dev mailbox for `to` (reloading until the mail is there) and follows the link of the mail `subject`. */
async function followMail(page: Page, to: string, subject: string | RegExp) {
  const mail = page
    .locator('article.mail')
    .filter({ has: page.getByRole('heading', { name: subject }) })
    .first();
  await expect(async () => {
    await page.goto(`${BASE}/dev/mailbox?to=${encodeURIComponent(to)}`);
    await expect(page.getByRole('heading', { level: 1, name: ja.dev_mailbox.title })).toBeVisible();
    await expect(mail).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await mail.locator('.mail-body a').first().click();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel(ja.login.email).fill(email);
  await page.getByLabel(ja.login.email).press('Enter');
  await page.getByLabel(ja.login.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: ja.login.submit, exact: true }).click();
}

test('ja without JavaScript: register, activate from the mailbox, sign in, receive a badge by link, reset the password', async ({
  page,
  problems,
}) => {
  test.setTimeout(180_000);
  const email = `nojs-journey-${Date.now()}@example.test`;
  const password = 'Fuji#San3776';
  const newPassword = 'Kumo#Sora2027';
  const badge = `ジャーニー ${Date.now()}`;

  // 1. Registration: the terms, the information, "mail sent".
  await page.goto(`${BASE}/createaccount?language=ja`);
  await expect(page.getByRole('heading', { level: 1, name: ja.register.heading })).toBeVisible();
  await page.getByRole('button', { name: ja.terms.agree }).click();
  await page.getByLabel(ja.account.last_name).fill('山田');
  await page.getByLabel(ja.account.first_name).fill('花子');
  await page.getByLabel(ja.account.email).fill(email);
  await page.getByLabel(ja.account.password, { exact: true }).fill(password);
  await page.getByLabel(ja.account.confirm_password).fill(password);
  await page.getByRole('button', { name: ja.register.submit }).click();
  await expect(page.getByText(fill(ja.register.sent_message, { email, hours: 24 }))).toBeVisible();

  // 2. Activation, from the link in the dev mailbox page.
  await followMail(page, email, ja.mail.activation.subject);
  await expect(page.getByRole('heading', { level: 1, name: ja.activation.title })).toBeVisible();
  await page.getByRole('button', { name: ja.activation.submit }).click();
  await expect(page.getByRole('heading', { name: ja.activation.done_heading })).toBeVisible();
  await page.getByRole('link', { name: ja.login.submit }).click();

  // 3. Sign in, in the two steps.
  await logIn(page, email, password);
  await expect(page).toHaveURL(new RegExp(`${BASE}/assertions$`));
  await expect(page.getByRole('button', { name: ja.header.account_menu })).toBeVisible();

  // 4. A badge arrives; its award mail's link receives it.
  await awardBadge(email, badge);
  await followMail(page, email, fill(ja.mail.award.subject, { badge }));
  await expect(page.getByRole('heading', { level: 1, name: ja.receive.title })).toBeVisible();
  await expect(page.getByText(badge)).toBeVisible();
  await page.getByRole('button', { name: ja.receive.submit, exact: true }).click();
  await expect(page.getByRole('heading', { name: ja.receive.done_heading })).toBeVisible();
  await page.getByRole('link', { name: ja.receive.open_badge }).click();
  await expect(page.getByRole('heading', { level: 1, name: badge })).toBeVisible();

  // 5. Later, on a browser that is not signed in: the password is forgotten and reset by mail.
  await page.context().clearCookies({ name: 'accessToken' });
  await page.goto(`${BASE}/login`);
  await page.getByRole('link', { name: ja.login.forgot }).click();
  await page.getByLabel(ja.account.email).fill(email);
  await page.getByRole('button', { name: ja.password.send }).click();
  await expect(page.getByRole('heading', { name: ja.password.sent_heading })).toBeVisible();
  await followMail(page, email, ja.mail.reset.subject);
  await expect(page.getByRole('heading', { level: 1, name: ja.password.new_title })).toBeVisible();
  await page.getByLabel(ja.password.new_password, { exact: true }).fill(newPassword);
  await page.getByLabel(ja.password.confirm_new_password).fill(newPassword);
  await page.getByRole('button', { name: ja.password.save }).click();
  await expect(page.getByRole('heading', { name: ja.password.done_heading, exact: true })).toBeVisible();
  await page.getByRole('link', { name: ja.login.submit }).click();
  await logIn(page, email, newPassword);
  await expect(page).toHaveURL(new RegExp(`${BASE}/assertions$`));
  await expect(page.getByRole('button', { name: ja.header.account_menu })).toBeVisible();
  expect(problems).toEqual([]);
});
