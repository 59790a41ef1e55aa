import type { Page } from '@playwright/test';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { codeAt, stepAt } from '../../src/server/mfa/totp';
import { virtualAuthenticator } from './authenticator';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';

/**
 * Issue 22 Deliver 1 in a real browser: Chromium's virtual authenticator (CDP WebAuthn domain) acts
 * as the phone or password manager. An IP address cannot be a WebAuthn RP id, so the local Worker's
 * RP is `localhost` (src/server/passkeys/rp.ts) and these pages are opened at http://localhost:8787,
 * the same Worker the other tests reach at 127.0.0.1 (accounts are made there through the API).
 */
const API_ORIGIN = 'http://127.0.0.1:8787';
const ORIGIN = 'http://localhost:8787';
const BASE = `${ORIGIN}/ns/portal/openbadge`;
const PASSWORD = 'Heron#Passkey27';

async function freshAccount(prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  await registerAndActivate(API_ORIGIN, { email, password: PASSWORD, firstName: 'Mei', lastName: 'Sato' });
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

async function signOut(page: Page) {
  await page.context().clearCookies();
}

async function openSecurity(page: Page) {
  await page.goto(`${BASE}/setting/security?language=en`);
  await hydrated(page, 'PasskeySettings');
  return page.getByRole('region', { name: 'Passkeys' });
}

/** Adds a passkey in settings with the password; answers the new row. */
async function addPasskey(page: Page) {
  const region = await openSecurity(page);
  const rows = region.getByTestId('passkey-row');
  const before = await rows.count();
  await region.getByLabel('Current password').fill(PASSWORD);
  await region.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(region.getByRole('status')).toHaveText('Passkey added.');
  await expect(rows).toHaveCount(before + 1);
  return rows.last();
}

test('register a passkey in settings, sign in with it alone, rename and remove it; a removed passkey cannot sign in', async ({
  page,
  problems,
}) => {
  const authenticator = await virtualAuthenticator(page);
  const email = await freshAccount('passkey');
  await passwordStep(page, email);
  await expect(page).toHaveURL(/\/assertions$/);

  const region = await openSecurity(page);
  await expect(region.getByText('You have no passkeys yet.')).toBeVisible();
  // A wrong password adds nothing and says why, under the field (E400105).
  await region.getByLabel('Current password').fill('not-the-password');
  await region.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(region.getByRole('alert')).toContainText('The current password is incorrect.');
  expect(await authenticator.credentials()).toHaveLength(0);

  const row = await addPasskey(page);
  await expect(row).toContainText('Not used yet');
  await expect(row).toContainText('This device only');
  // The new row's Rename button has the focus; the authenticator holds one discoverable passkey.
  await expect(row.getByRole('button', { name: 'Rename' })).toBeFocused();
  const held = await authenticator.credentials();
  expect(held).toHaveLength(1);
  expect(held[0]?.isResidentCredential).toBe(true);
  await expectNoAxeViolations(page);

  // Signed out, the passkey alone signs in: no address, no password.
  await signOut(page);
  await page.goto(`${BASE}/login?language=en`);
  await hydrated(page, 'LoginForm');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/assertions$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  // Rename inline; the list says when it was last used.
  const again = await openSecurity(page);
  const listed = again.getByTestId('passkey-row');
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText('Last used');
  await listed.first().getByRole('button', { name: 'Rename' }).click();
  await listed.first().getByLabel('Passkey name').fill('Work laptop');
  await listed.first().getByRole('button', { name: 'Save' }).click();
  await expect(again.getByRole('status')).toHaveText('Passkey renamed.');
  await expect(listed.first()).toContainText('Work laptop');
  await expect(listed.first().getByRole('button', { name: 'Rename' })).toBeFocused();
  await page.reload();
  await hydrated(page, 'PasskeySettings');
  await expect(again.getByTestId('passkey-row').first()).toContainText('Work laptop');

  // Remove: the password, then the confirmation dialog.
  await listed.first().getByRole('button', { name: 'Remove' }).click();
  await listed.first().getByLabel('Current password').fill(PASSWORD);
  await listed.first().getByRole('button', { name: 'Remove passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(dialog).toContainText('Work laptop');
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(again.getByRole('status')).toHaveText('Passkey removed.');
  await expect(again.getByText('You have no passkeys yet.')).toBeVisible();
  await expect(again.getByRole('heading', { name: 'Your passkeys' })).toBeFocused();

  // The device still holds it, but Lanyard no longer knows it: a clear error, no session.
  expect(await authenticator.credentials()).toHaveLength(1);
  await signOut(page);
  await page.goto(`${BASE}/login?language=en`);
  await hydrated(page, 'LoginForm');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(en.errors.E401150);
  await expect(page).toHaveURL(/\/login\?language=en$/);
  expect((await page.context().cookies()).some((c) => c.name === 'accessToken')).toBe(false);
  // The refused calls (wrong password, unknown passkey) answer 4xx on purpose; nothing else may fail.
  const refusedOnPurpose = (p: string) =>
    /\/(LoginPasskey|Register\/Options)\)?$/.test(p) && (/^4\d\d /.test(p) || p.includes('status of 4'));
  expect(problems.filter((p) => !refusedOnPurpose(p))).toEqual([]);
});

test('a passkey as the second step after the password, and as the check that turns app codes off', async ({
  page,
  problems,
}) => {
  await virtualAuthenticator(page, true);
  const email = await freshAccount('passkey-2nd');
  await passwordStep(page, email);
  await expect(page).toHaveURL(/\/assertions$/);

  // App codes on (as tests/e2e/two-step.spec.ts does it), then a passkey.
  await page.goto(`${BASE}/setting/security?language=en`);
  await hydrated(page, 'TwoStepSettings');
  const codes = page.getByRole('region', { name: 'Authenticator app codes' });
  await codes.getByLabel('Current password').fill(PASSWORD);
  await codes.getByRole('button', { name: 'Set up app codes' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await codes.getByLabel('Code from the app').fill(await codeAt(secret, stepAt(Date.now())));
  await codes.getByRole('button', { name: 'Turn on' }).click();
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(codes.getByText('App codes are on.')).toBeVisible();
  // This authenticator syncs its passkeys (as a password manager does): the list says so.
  await expect(await addPasskey(page)).toContainText('Synced (backed up)');

  // After the password the second step offers the passkey next to the code box.
  await signOut(page);
  await passwordStep(page, email);
  await expect(page.getByLabel('Code from your authenticator app, or a recovery code')).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === 'accessToken')).toBe(false);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/assertions$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  // Turning app codes off: the passkey is the fresh check instead of the password.
  await page.goto(`${BASE}/setting/security?language=en`);
  await hydrated(page, 'TwoStepSettings');
  const again = page.getByRole('region', { name: 'Authenticator app codes' });
  await again.getByRole('button', { name: 'Turn off with a passkey' }).click();
  await expect(again.getByText('App codes were turned off.')).toBeVisible();
  await expect(again.getByText('App codes are off.')).toBeVisible();
  expect(problems).toEqual([]);
});
