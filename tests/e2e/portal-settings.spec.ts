import { randomUUID } from 'node:crypto';
import { devSql } from '../../scripts/lib/dev-sql.mjs';
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import {
  agreeTermsIfAsked,
  awardBadge,
  BASE,
  freshPortalUser,
  ORIGIN,
  PORTAL,
  PORTAL_NAME,
  signInAtPortal,
  userTypeCookie,
} from './portal-helpers';

// Issue 20: what a portal user (type 1) meets where a wallet user types the account password:
// the existing-account merge (the wallet account's own password) and the confirmations in settings
// (a recent portal sign-in instead). One after the other: they may share the demo portal user.
test.describe.configure({ mode: 'default' });
const named = (s: string) => s.replaceAll('{{name}}', PORTAL_NAME);
/** Problems of our own pages: the portal's pages (its missing favicon) are not ours to judge. */
const ours = (problems: string[]) => problems.filter((p) => !p.includes(PORTAL));

test('a wallet account with the portal address is merged only with its password, and the person lands as type 1 with its badges', async ({
  page,
  problems,
}) => {
  // Never the demo wallet account (other specs use it): a new wallet account and a new portal user
  // with one new address, which needs a portal that lets tests add people.
  test.setTimeout(90_000);
  const email = `merge-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const password = 'Kestrel#Wing42';
  const walletId = String(
    await registerAndActivate(ORIGIN, { email, password, firstName: 'Mika', lastName: 'Sato', language: 'en' }),
  );
  const badge = `Merged ${Date.now()}`;
  await awardBadge(email, badge);
  const user = await freshPortalUser('merge', email);

  await page.goto(`${BASE}/login?language=en`);
  await page.getByRole('link', { name: named(en.login.portal_sign_in) }).click();
  await signInAtPortal(page, user);
  // Not taken over silently: the existing-account page asks for that account's wallet password.
  await page.waitForURL((u) => u.pathname === `${BASE}/portal/existing`);
  await expectNoAxeViolations(page);
  const secret = page.locator('input[type="password"]');
  const submit = page.locator('form', { has: secret }).locator('button[type="submit"]');
  await secret.fill('Wrong#Pass99');
  await submit.click();
  await page.waitForURL((u) => u.pathname === `${BASE}/portal/existing` && u.searchParams.has('code'));
  expect(await userTypeCookie(page)).toBeUndefined();
  await secret.fill(password);
  await submit.click();
  await page.waitForURL((u) => u.pathname.startsWith(`${BASE}/assertions`));
  expect(await userTypeCookie(page)).toBe('1');
  await agreeTermsIfAsked(page, en.terms.title, en.terms.agree);
  // The wallet account's badge came along; that account can no longer sign in (spec §4).
  await page.goto(`${BASE}/assertions?tab=receiving&language=en`);
  await hydrated(page, 'BadgeList');
  await expect(page.locator('.badge-card').filter({ hasText: badge })).toBeVisible();
  const [row] = await devSql(ORIGIN, `SELECT status FROM accounts WHERE id = '${walletId}'`);
  expect(row?.['status']).toBe('merged');
  expect(ours(problems)).toEqual([]);
});

test('a change that needs the password asks a portal user to sign in at the portal again once the sign-in is old', async ({
  page,
  problems,
}) => {
  test.setTimeout(90_000);
  // The server takes the newest portal sign-in of the account, so no other test may sign this
  // person in meanwhile: a new portal user, or the demo one only this test uses.
  const user = await freshPortalUser('portal-reauth');
  await page.goto(`${BASE}/login?language=en`);
  await page.getByRole('link', { name: named(en.login.portal_sign_in) }).click();
  await signInAtPortal(page, user);
  await page.waitForURL(`${ORIGIN}${BASE}/assertions`);
  await agreeTermsIfAsked(page, en.terms.title, en.terms.agree);
  // The portal sign-in is made an hour old (the server accepts one under 15 minutes).
  const [found] = await devSql(
    ORIGIN,
    `SELECT account_id FROM portal_identities WHERE subject = '${user.sub}' AND provider_id = 'portal'`,
  );
  const accountId = String(found?.['account_id'] ?? '');
  await devSql(
    ORIGIN,
    `UPDATE portal_sessions SET auth_time = ${Date.now() - 3_600_000} WHERE account_id = '${accountId}'`,
  );

  // A pending address of this account to delete (no mail involved, so no code cap is reached).
  const extra = `reauth-${Date.now()}@example.test`;
  await devSql(
    ORIGIN,
    `INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at) VALUES ('${randomUUID()}', '${accountId}', '${extra}', '${extra}', NULL, 0, ${Date.now()})`,
  );

  await page.goto(`${BASE}/setting?menu=1&language=en`);
  await hydrated(page, 'EmailSettings');
  const row = page.locator('.email-row').filter({ hasText: extra });
  const remove = async () => {
    await row.getByRole('button', { name: en.settings.remove_email }).click();
    // No password field for a portal user: the delete button of the row's form asks for confirmation.
    await expect(row.locator('input[type="password"]')).toHaveCount(0);
    await row.locator('form').getByRole('button', { name: en.settings.remove_email }).click();
    await page.getByRole('dialog').getByRole('button', { name: en.settings.remove_action }).click();
  };
  await remove();
  await expect(page.getByRole('alert').filter({ hasText: named(en.settings.portal_reauth_needed) })).toBeVisible();
  const again = page.getByRole('link', { name: named(en.settings.portal_reauth_button) });
  const href = new URL((await again.getAttribute('href')) ?? '', ORIGIN);
  expect(href.searchParams.get('prompt')).toBe('login');
  expect(href.searchParams.get('returnTo')).toBe(`${BASE}/setting?menu=1&language=en`);
  await expectNoAxeViolations(page);

  // prompt=login: the portal asks for the password although its session lives, then comes back.
  await again.click();
  await signInAtPortal(page, user);
  await page.waitForURL((u) => u.pathname === `${BASE}/setting`);
  await hydrated(page, 'EmailSettings');
  await remove();
  await expect(row).toHaveCount(0);
  // The 403 of the first try is the point of this test.
  expect(ours(problems).filter((p) => !/^403 /.test(p) && !p.includes('status of 403'))).toEqual([]);
});
