import type { Page } from '@playwright/test';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import ko from '../../src/i18n/locales/ko.json' with { type: 'json' };
import { PNG } from 'pngjs';
import { readFileSync } from 'node:fs';
import { issuerApi } from '../../scripts/lib/issuer-api.mjs';
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';

type Catalogue = typeof en;
const BASE = '/ns/portal/openbadge';
const ORIGIN = 'http://127.0.0.1:8787';
const PASSWORD = 'Kestrel#Wing42';
const fill = (s: string, vars: Record<string, string>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');

/** A real, decodable PNG of the given size. */
function picture(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(200);
  return PNG.sync.write(image);
}

/** The six-digit code of the newest code mail to `to`, read from the dev mailbox as a person would. */
async function mailedCode(page: Page, c: Catalogue, to: string): Promise<string> {
  const mail = page
    .locator('article.mail')
    .filter({ has: page.getByRole('heading', { name: c.mail.email_code.subject }) })
    .first();
  await expect(async () => {
    await page.goto(`${BASE}/dev/mailbox?to=${encodeURIComponent(to)}`);
    await expect(mail).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  return /\b(\d{6})\b/.exec((await mail.locator('.mail-body').textContent()) ?? '')?.[1] ?? '';
}

for (const [lang, c] of [
  ['en', en],
  ['ko', ko as Catalogue],
] as const) {
  test(`${lang}: add and verify a second address by mailed code, make it primary, turn badge mails off, upload a profile picture, change the password, merge a second account, delete the account`, async ({
    page,
    problems,
  }) => {
    test.setTimeout(90_000);
    const email = `settings-${lang}-${Date.now()}@example.test`;
    const accountId = String(
      await registerAndActivate(ORIGIN, {
        email,
        password: PASSWORD,
        firstName: 'Jiwoo',
        lastName: 'Kim',
        language: lang,
      }),
    );
    await page.goto(`${BASE}/login?language=${lang}&redirect=${encodeURIComponent(`${BASE}/setting`)}`);
    await hydrated(page, 'LoginForm');
    await page.getByLabel(c.login.email).fill(email);
    await page.getByRole('button', { name: c.login.next, exact: true }).click();
    await page.getByLabel(c.login.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: c.login.submit, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: c.settings.menu_account })).toBeVisible();
    await hydrated(page, 'EmailSettings');
    await expectNoAxeViolations(page);

    // Add a second address; the form checks the shape before asking the server.
    const second = `second-${lang}-${Date.now()}@example.test`;
    const addForm = page.locator('form').filter({ has: page.getByRole('heading', { name: c.settings.add_email }) });
    await addForm.getByLabel(c.settings.email).fill('not-an-address');
    await addForm.getByLabel(c.settings.current_password).fill(PASSWORD);
    await addForm.getByRole('button', { name: c.settings.add_email }).click();
    await expect(addForm.getByText(c.settings.invalid_email)).toBeVisible();
    await addForm.getByLabel(c.settings.email).fill(second);
    await addForm.getByRole('button', { name: c.settings.add_email }).click();
    await expect(page.getByRole('status')).toHaveText(fill(c.settings.code_sent, { email: second }));
    const row = page.locator('.email-row').filter({ hasText: second });
    await expect(row.getByText(c.settings.pending)).toBeVisible();

    const code = await mailedCode(page, c, second);
    expect(code).toMatch(/^\d{6}$/);
    await page.goto(`${BASE}/setting?menu=1`);
    await hydrated(page, 'EmailSettings');
    await row.getByLabel(c.settings.code).fill(code);
    await row.getByRole('button', { name: c.settings.verify }).click();
    await expect(row.getByText(c.settings.verified, { exact: true })).toBeVisible();
    await row.getByRole('button', { name: c.settings.make_primary }).click();
    await expect(row.getByText(c.settings.primary, { exact: true })).toBeVisible();
    // The address signed in with offers no delete button.
    await expect(
      page.locator('.email-row').filter({ hasText: email }).getByRole('button', { name: c.settings.remove_email }),
    ).toHaveCount(0);

    // Notification settings: badge mails off says what that means.
    await page.getByRole('link', { name: c.settings.menu_notification }).click();
    await hydrated(page, 'NotificationSettings');
    await page.getByLabel(c.settings.badge_mail).uncheck();
    await expect(page.getByText(c.settings.badge_mail_off)).toBeVisible();
    await page.getByRole('button', { name: c.settings.save }).click();
    await expect(page.getByRole('status')).toHaveText(c.settings.saved);
    await page.reload();
    await expect(page.getByLabel(c.settings.badge_mail)).not.toBeChecked();
    await expectNoAxeViolations(page);

    // Password change: a wrong current password is shown under its field, then the change works.
    await page.getByRole('link', { name: c.settings.menu_password }).click();
    await hydrated(page, 'PasswordChange');
    await page.getByLabel(c.settings.current_password).fill('Wrong#pass11');
    await page.getByLabel(c.password.new_password, { exact: true }).fill('Harbor#Light77');
    await page.getByLabel(c.password.confirm_new_password).fill('Harbor#Light77');
    await page.getByRole('button', { name: c.settings.change_password }).click();
    await expect(page.locator('.field-errors')).toContainText(c.errors.E400105.split('{{')[0] ?? '');
    await page.getByLabel(c.settings.current_password).fill(PASSWORD);
    await page.getByRole('button', { name: c.settings.change_password }).click();
    await expect(page.getByRole('status')).toHaveText(c.settings.saved);
    await expectNoAxeViolations(page);
    // Profile picture: the exact errors for 249 px and 5 MB + 1 byte, then a picture in the header.
    await page.getByRole('link', { name: c.settings.menu_profile }).click();
    await hydrated(page, 'ProfileSettings');
    const input = page.getByLabel(c.settings.upload_picture);
    await input.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: picture(249, 249) });
    await expect(page.locator('.field-errors')).toHaveText(c.errors.E422104);
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(page.locator('.field-errors')).toHaveText(c.errors.E413101);
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture(300, 300) });
    await expect(page.getByRole('status')).toHaveText(c.settings.saved);
    await page.reload();
    await expect(page.locator('.avatar-btn img')).toBeVisible();
    await expectNoAxeViolations(page);

    // Merge a second account of the same person, holding one badge: it arrives here.
    const secondAccount = `merge-${lang}-${Date.now()}@example.test`;
    await registerAndActivate(ORIGIN, {
      email: secondAccount,
      password: PASSWORD,
      firstName: 'Jiwoo',
      lastName: 'Kim',
    });
    const demo = JSON.parse(readFileSync('.wrangler/demo.json', 'utf8')) as { issuers: { api_key: string }[] };
    const key = demo.issuers[0]?.api_key ?? '';
    const bc = (await issuerApi(ORIGIN, '/badge-classes', key, {
      name: `Merged Astronomy ${lang}`,
      description: 'Arrives by merge.',
      image: readFileSync('public/favicon.svg').toString('base64'),
      criteria_narrative: 'Merge.',
    })) as { badge_class_id: string };
    await issuerApi(ORIGIN, '/awards', key, { badge_class_id: bc.badge_class_id, recipients: [secondAccount] });
    await page.goto(`${BASE}/setting?menu=1`);
    const mergeForm = page.locator('section[aria-labelledby="merge-heading"]');
    await mergeForm.scrollIntoViewIfNeeded();
    await hydrated(page, 'MergeAccount');
    await mergeForm.getByLabel(c.settings.merge_email).fill(secondAccount);
    await mergeForm.getByLabel(c.settings.merge_other_password).fill(PASSWORD);
    await mergeForm.getByRole('button', { name: c.settings.merge_prove }).click();
    await expect(mergeForm.getByRole('status')).toContainText('1');
    await mergeForm.getByLabel(c.settings.current_password).fill('Harbor#Light77');
    await mergeForm.getByRole('button', { name: c.settings.merge_confirm, exact: true }).click();
    await page
      .getByRole('dialog', { name: c.settings.merge_confirm_title })
      .getByRole('button', { name: c.settings.merge_confirm, exact: true })
      .click();
    await expect(mergeForm.getByRole('status')).toHaveText(c.settings.merge_done);
    await page.goto(`${BASE}/assertions?tab=receiving`);
    await expect(page.getByText(`Merged Astronomy ${lang}`)).toBeVisible();

    // Delete the account: a reason, the (new) password, the confirmation; then its public wallet is gone.
    await page.goto(`${BASE}/setting?menu=1`);
    await page.getByRole('link', { name: c.settings.delete_account }).click();
    await hydrated(page, 'DeleteAccount');
    await expectNoAxeViolations(page);
    await page.getByLabel(c.settings.delete_reason_4).check();
    await page.getByLabel(c.settings.current_password).fill('Harbor#Light77');
    await page.getByRole('button', { name: c.settings.delete_account }).click();
    const dialog = page.getByRole('dialog', { name: c.settings.delete_confirm_title });
    await dialog.getByRole('button', { name: c.settings.delete_account }).click();
    await expect(page.getByRole('heading', { level: 1, name: c.settings.deleted_title })).toBeVisible();
    const gone = await page.goto(`${BASE}/public/assertions/user/${accountId}`);
    expect(gone?.status()).toBe(404);

    // The one refusal this story provokes on purpose: the wrong current password.
    expect(problems.filter((p) => !p.includes('Setting/Password/Change'))).toEqual([]);
  });
}
