import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { devSql } from '../../scripts/lib/dev-sql.mjs';
import { codeAt, stepAt } from '../../src/server/mfa/totp';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';

const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';
/** The demo password: the new account gets a copy of the demo account's Argon2id hash of it. */
const PASSWORD = 'Sakura#Wallet24';

/** A fresh wallet account (type 2) with the demo password, the terms agreed as the demo's, one verified address. */
async function freshAccount(): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const email = `two-step-${id.slice(0, 8).toLowerCase()}@example.test`;
  const now = Date.now();
  await devSql(
    ORIGIN,
    `INSERT INTO accounts (id, status, first_name, last_name, service_country, language, password_hash,
       agree_term_of_service, terms_version, created_at, updated_at)
     SELECT '${id}', 'active', 'Aoi', 'Tanaka', 1, 'en', a.password_hash, a.agree_term_of_service, a.terms_version, ${now}, ${now}
     FROM accounts a JOIN account_emails e ON e.account_id = a.id
     WHERE e.email_normalized = 'demo@lanyard.localhost' AND e.verified_at IS NOT NULL`,
  );
  await devSql(
    ORIGIN,
    `INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at)
     VALUES ('${randomBytes(16).toString('base64url')}', '${id}', '${email}', '${email}', ${now}, 1, ${now})`,
  );
  return email;
}

async function passwordStep(page: Page, email: string) {
  await page.goto(`${BASE}/login?language=en`);
  await hydrated(page, 'LoginForm');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('turn on authenticator-app codes in settings, sign out, and sign in with a code (issue 22)', async ({
  page,
  problems,
}) => {
  const email = await freshAccount();
  await passwordStep(page, email);
  await expect(page).toHaveURL(/\/assertions$/);

  await page.goto(`${BASE}/setting/security?language=en`);
  await hydrated(page, 'TwoStepSettings');
  await expect(page.getByText('App codes are off.')).toBeVisible();
  await expectNoAxeViolations(page);
  // Scoped: the page's passkeys section asks for the current password too.
  await page.getByRole('region', { name: 'Authenticator app codes' }).getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set up app codes' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // What the phone's app would show now.
  await page.getByLabel('Code from the app').fill(await codeAt(secret, stepAt(Date.now())));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-codes').locator('li');
  await expect(codes).toHaveCount(10);
  await expectNoAxeViolations(page);
  const recovery = (await codes.first().textContent()) ?? '';
  // Issue 35, item 7: the codes can be kept: copied, saved as a text file, printed (alone).
  const shown = await codes.allTextContents();
  const file = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as a text file' }).click();
  const saved = await file;
  expect(saved.suggestedFilename()).toBe('lanyard-recovery-codes.txt');
  const text = readFileSync((await saved.path()) ?? '', 'utf8');
  expect(text.trim().split('\n').slice(-10)).toEqual(shown);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });
  await page.getByRole('button', { name: 'Copy the codes' }).click();
  await expect(page.getByText('The codes are copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(codes.first()).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('App codes are on.')).toBeVisible();
  await expect(page.getByText('10 recovery codes left.')).toBeVisible();

  // Sign out, then sign in: after the password the code is asked, and no session exists before it.
  await page.context().clearCookies();
  await passwordStep(page, email);
  await expect(page.getByLabel('Code from your authenticator app, or a recovery code')).toBeFocused();
  expect((await page.context().cookies()).some((c) => c.name === 'accessToken')).toBe(false);
  await page.getByLabel('Code from your authenticator app, or a recovery code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('attempts remaining');
  // The next step's code: the one used to turn it on cannot be used again.
  await page
    .getByLabel('Code from your authenticator app, or a recovery code')
    .fill(await codeAt(secret, stepAt(Date.now()) + 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/assertions$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  // And once more with a recovery code instead of the phone.
  await page.context().clearCookies();
  await passwordStep(page, email);
  await page.getByLabel('Code from your authenticator app, or a recovery code').fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/assertions$/);
  expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
});
