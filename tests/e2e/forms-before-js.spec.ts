import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja.json' with { type: 'json' };
import { devSql } from '../../scripts/lib/dev-sql.mjs';
import { expect, hydrated, signIn, test } from './fixtures';
import {
  awardBadge,
  BASE,
  expectNotHydrated,
  fill,
  holdIslands,
  mailedLink,
  newAccount,
  ORIGIN,
  provisionalRegistration,
  requestReset,
} from './form-helpers';
import { startSessionFor } from './session';

/*
 * Issue 25: every account form is a plain form that posts to the server. Each one is sent (a) with
 * JavaScript off, and (b) before its island has arrived (its script held back): both complete, and
 * what was typed before hydration is still there after it.
 */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('login: both steps post, a wrong password says how many tries are left (in Japanese), then the person is in', async ({
    page,
  }) => {
    const a = await newAccount('ja');
    await page.goto(`${BASE}/login?language=ja&redirect=${encodeURIComponent(`${BASE}/terms`)}`);
    await page.getByLabel(ja.login.email).fill('not-an-address');
    await page.getByLabel(ja.login.email).press('Enter');
    await expect(page.getByRole('alert')).toHaveText(fill(ja.validation.email, { field: ja.fields.email }));
    await expect(page.getByLabel(ja.login.email)).toHaveValue('not-an-address');
    await page.getByLabel(ja.login.email).fill(a.email);
    await page.getByRole('button', { name: ja.login.next, exact: true }).click();
    // Step 2: the address stays, read-only; the password field has the focus.
    await expect(page.getByLabel(ja.login.email)).toHaveValue(a.email);
    await expect(page.getByLabel(ja.login.password, { exact: true })).toBeFocused();
    await page.getByLabel(ja.login.password, { exact: true }).fill('Wrong#Guess1');
    await page.getByLabel(ja.login.password, { exact: true }).press('Enter');
    await expect(page.getByRole('alert')).toHaveText(fill(ja.errors.E401102, { count: 4 }));
    await expect(page.getByLabel(ja.login.email)).toHaveValue(a.email);
    await expect(page.getByLabel(ja.login.password, { exact: true })).toHaveValue('');
    await page.getByLabel(ja.login.password, { exact: true }).fill(a.password);
    await page.getByRole('button', { name: ja.login.submit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/terms$`));
    await expect(page.getByRole('button', { name: ja.header.account_menu })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'accessToken')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });

  test('login: "use another address" goes back to step 1 with the address kept', async ({ page }) => {
    await page.goto(`${BASE}/login?language=en`);
    await page.getByLabel(en.login.email).fill('someone@example.test');
    await page.getByLabel(en.login.email).press('Enter');
    await page.getByRole('button', { name: en.login.change_email }).click();
    await expect(page.getByLabel(en.login.email)).toHaveValue('someone@example.test');
    await expect(page.getByLabel(en.login.email)).toBeEditable();
    await expect(page.getByRole('button', { name: en.login.next, exact: true })).toBeVisible();
  });

  test('registration: the terms, the information with the server’s checks (names kept, passwords not), then mail sent', async ({
    page,
  }) => {
    const email = `nojs-register-${Date.now()}@example.test`;
    await page.goto(`${BASE}/createaccount?language=ja`);
    await page.getByRole('button', { name: ja.terms.agree }).click();
    await expect(page.getByRole('heading', { level: 2, name: ja.register.step_info })).toBeVisible();
    await page.getByLabel(ja.account.last_name).fill('山田');
    await page.getByLabel(ja.account.first_name).fill('花子');
    await page.getByLabel(ja.account.email).fill(email);
    await page.getByLabel(ja.account.password, { exact: true }).fill('password');
    await page.getByLabel(ja.account.confirm_password).fill('different');
    await page.getByRole('button', { name: ja.register.submit }).click();
    await expect(page.getByText(ja.validation.password_classes)).toBeVisible();
    await expect(page.getByText(ja.validation.password_mismatch)).toBeVisible();
    await expect(page.getByLabel(ja.account.last_name)).toHaveValue('山田');
    await expect(page.getByLabel(ja.account.email)).toHaveValue(email);
    await expect(page.getByLabel(ja.account.password, { exact: true })).toHaveValue('');
    await page.getByLabel(ja.account.password, { exact: true }).fill('Fuji#San3776');
    await page.getByLabel(ja.account.confirm_password).fill('Fuji#San3776');
    await page.getByLabel(ja.account.confirm_password).press('Enter');
    await expect(page.getByText(fill(ja.register.sent_message, { email, hours: 24 }))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${BASE}/createaccount$`));
  });

  test('forgot password: the link is requested and the page says so', async ({ page }) => {
    const a = await newAccount();
    await page.goto(`${BASE}/password/forgot?language=en`);
    await page.getByLabel(en.account.email).fill(a.email);
    await page.getByLabel(en.account.email).press('Enter');
    await expect(page.getByRole('heading', { name: en.password.sent_heading })).toBeVisible();
    expect(await mailedLink(a.email, 'password/reset')).toContain('/password/reset/');
  });

  test('password reset: the rules are checked by the server, then the password is set and the link is spent', async ({
    page,
  }) => {
    const a = await newAccount();
    await requestReset(a.email);
    const link = await mailedLink(a.email, 'password/reset');
    await page.goto(`${link}?language=en`);
    await page.getByLabel(en.password.new_password, { exact: true }).fill('Cedar#Grove2027');
    await page.getByLabel(en.password.confirm_new_password).fill('Cedar#Grove2028');
    await page.getByRole('button', { name: en.password.save }).click();
    await expect(page.getByText(en.validation.password_mismatch)).toBeVisible();
    await expect(page.getByLabel(en.password.new_password, { exact: true })).toHaveValue('');
    await page.getByLabel(en.password.new_password, { exact: true }).fill('Cedar#Grove2027');
    await page.getByLabel(en.password.confirm_new_password).fill('Cedar#Grove2027');
    await page.getByRole('button', { name: en.password.save }).click();
    await expect(page.getByRole('heading', { name: en.password.done_heading, exact: true })).toBeVisible();
    // The passwords went in the body, never in an address.
    expect(page.url()).not.toContain('Cedar');
    // Spent: opened again, the page says so at once and asks for no password (issue 35, item 5).
    const again = await page.goto(link);
    expect(again?.status()).toBe(410);
    await expect(page.getByText(en.errors.E410101)).toBeVisible();
    await expect(page.getByRole('link', { name: en.password.request_new })).toBeVisible();
    await expect(page.getByLabel(en.password.new_password, { exact: true })).toHaveCount(0);
  });

  test('activation: the button posts, the account is ready; opened again, the link says it already is', async ({
    page,
  }) => {
    const email = await provisionalRegistration();
    const link = await mailedLink(email, 'activation');
    await page.goto(`${link}?language=en`);
    await page.getByRole('button', { name: en.activation.submit }).click();
    await expect(page.getByRole('heading', { name: en.activation.done_heading })).toBeVisible();
    // Issue 35, item 5: at once, with no button to press first.
    const again = await page.goto(link);
    expect(again?.status()).toBe(409);
    await expect(page.getByText(en.errors.E409101)).toBeVisible();
    await expect(page.getByRole('button', { name: en.activation.submit })).toHaveCount(0);
  });

  test('receive by link: the Receive button posts and the badge is in the wallet', async ({ page }) => {
    const a = await newAccount();
    await awardBadge(a.email, 'Form Receive NoJS');
    const link = await mailedLink(a.email, 'receive');
    await page.goto(`${link}?language=en`);
    await page.getByRole('button', { name: en.receive.submit, exact: true }).click();
    await expect(page.getByRole('heading', { name: en.receive.done_heading })).toBeVisible();
    await page.reload();
    await expect(page.getByText(en.errors.E409103)).toBeVisible();
  });

  test('terms: the notice shows in the page and I Agree posts, records the version and comes back', async ({
    page,
  }) => {
    const a = await newAccount('ja');
    await devSql(ORIGIN, 'UPDATE accounts SET agree_term_of_service = 0, terms_version = NULL WHERE id = ?', [a.id]);
    await signIn(page, await startSessionFor(a.id));
    await page.goto(`${BASE}/search?language=ja`);
    const dialog = page.getByRole('dialog', { name: ja.terms.title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: ja.terms.agree }).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/search\\?language=ja$`));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const [row] = await devSql(ORIGIN, 'SELECT agree_term_of_service AS a FROM accounts WHERE id = ?', [a.id]);
    expect(row).toEqual({ a: 1 });
  });

  test('settings say they need JavaScript, and their buttons never pretend to work', async ({ page }) => {
    const a = await newAccount();
    await signIn(page, await startSessionFor(a.id));
    await page.goto(`${BASE}/setting?menu=2&language=en`);
    // Playwright's text matching skips <noscript>, so the page's HTML is read instead.
    expect(await page.content()).toMatch(new RegExp(`<noscript>[^]*?${en.settings.js_required}[^]*?</noscript>`));
    const button = page.getByRole('button', { name: en.common.loading });
    await expect(button).toBeDisabled();
    await expect(page.getByLabel(en.settings.current_password)).toBeDisabled();
  });

  test('SES-06: a form posted from another site is refused, and no attempt is counted', async ({ page }) => {
    const a = await newAccount();
    await page.route('http://evil.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<form method="post" action="${ORIGIN}${BASE}/login">
          <input name="step" value="password"><input name="email" value="${a.email}">
          <input name="password" value="Guess#Attempt1"><input name="csrf" value="forged">
          <button>Go</button></form>`,
      }),
    );
    await page.goto('http://evil.test/');
    const answer = page.waitForResponse(`${ORIGIN}${BASE}/login`);
    await page.getByRole('button', { name: 'Go' }).click();
    expect((await answer).status()).toBe(403);
    await expect(page.getByText('E403101')).toBeVisible();
    const rows = await devSql(
      ORIGIN,
      "SELECT COUNT(*) AS n FROM sessions WHERE account_id = ? AND created_at > strftime('%s','now') * 1000 - 60000",
      [a.id],
    );
    expect(rows[0]).toEqual({ n: 0 });
    // The API still has all five attempts: the forged post counted nothing.
    const res = await fetch(`${ORIGIN}/api/v1.0/account/Wallet/Login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: a.email, password: 'Guess#Attempt2' }),
    });
    expect(((await res.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      fill(en.errors.E401102, { count: 4 }),
    );
  });
});

test.describe('before the islands arrive', () => {
  test('login: Enter before hydration sends step 1; the password typed before hydration survives it and signs in', async ({
    page,
  }) => {
    const a = await newAccount();
    const islands = await holdIslands(page);
    await page.goto(`${BASE}/login?language=en`, { waitUntil: 'commit' });
    await page.getByLabel(en.login.email).fill(a.email);
    await expectNotHydrated(page, 'LoginForm');
    await page.getByLabel(en.login.email).press('Enter');
    await expect(page.getByLabel(en.login.password, { exact: true })).toBeVisible();
    await page.getByLabel(en.login.password, { exact: true }).fill(a.password);
    await expectNotHydrated(page, 'LoginForm');
    islands.release();
    await hydrated(page, 'LoginForm');
    await expect(page.getByLabel(en.login.email)).toHaveValue(a.email);
    await expect(page.getByLabel(en.login.password, { exact: true })).toHaveValue(a.password);
    await page.getByRole('button', { name: en.login.submit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/assertions$`));
  });

  test('login: the whole login done before hydration lands signed in', async ({ page }) => {
    const a = await newAccount();
    await holdIslands(page);
    await page.goto(`${BASE}/login?language=en`, { waitUntil: 'commit' });
    await page.getByLabel(en.login.email).fill(a.email);
    await page.getByLabel(en.login.email).press('Enter');
    await page.getByLabel(en.login.password, { exact: true }).fill(a.password);
    await expectNotHydrated(page, 'LoginForm');
    await page.getByLabel(en.login.password, { exact: true }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`${BASE}/assertions$`));
  });

  test('registration: I Agree before hydration; the information typed before hydration survives it and is sent', async ({
    page,
  }) => {
    const email = `held-register-${Date.now()}@example.test`;
    const islands = await holdIslands(page);
    await page.goto(`${BASE}/createaccount?language=en`, { waitUntil: 'commit' });
    await expectNotHydrated(page, 'RegisterWizard');
    await page.getByRole('button', { name: en.terms.agree }).click();
    await page.getByLabel(en.account.last_name).fill('Rivera');
    await page.getByLabel(en.account.first_name).fill('Ana');
    await page.getByLabel(en.account.email).fill(email);
    await page.getByLabel(en.account.password, { exact: true }).fill('Maple#Leaf2026');
    await page.getByLabel(en.account.confirm_password).fill('Maple#Leaf2026');
    await expectNotHydrated(page, 'RegisterWizard');
    islands.release();
    await hydrated(page, 'RegisterWizard');
    await expect(page.getByLabel(en.account.first_name)).toHaveValue('Ana');
    await expect(page.getByLabel(en.account.confirm_password)).toHaveValue('Maple#Leaf2026');
    await page.getByRole('button', { name: en.register.submit }).click();
    await expect(page.getByText(fill(en.register.sent_message, { email, hours: 24 }))).toBeVisible();
  });

  test('forgot password: sent before hydration; typed before hydration, the address survives it', async ({ page }) => {
    const a = await newAccount();
    await holdIslands(page);
    await page.goto(`${BASE}/password/forgot?language=en`, { waitUntil: 'commit' });
    await page.getByLabel(en.account.email).fill(a.email);
    await expectNotHydrated(page, 'RequestLinkForm');
    await page.getByLabel(en.account.email).press('Enter');
    await expect(page.getByRole('heading', { name: en.password.sent_heading })).toBeVisible();

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const islands = await holdIslands(page);
    await page.goto(`${BASE}/password/initial?language=en`, { waitUntil: 'commit' });
    await page.getByLabel(en.account.email).fill(a.email);
    islands.release();
    await hydrated(page, 'RequestLinkForm');
    await expect(page.getByLabel(en.account.email)).toHaveValue(a.email);
    await page.getByRole('button', { name: en.password.send }).click();
    await expect(page.getByRole('heading', { name: en.password.sent_heading })).toBeVisible();
  });

  test('password reset: set before hydration; typed before hydration, the passwords survive it', async ({ page }) => {
    const a = await newAccount();
    await requestReset(a.email);
    const first = await mailedLink(a.email, 'password/reset');
    await holdIslands(page);
    await page.goto(`${first}?language=en`, { waitUntil: 'commit' });
    await page.getByLabel(en.password.new_password, { exact: true }).fill('Cedar#Grove2027');
    await page.getByLabel(en.password.confirm_new_password).fill('Cedar#Grove2027');
    await expectNotHydrated(page, 'NewPasswordForm');
    await page.getByLabel(en.password.confirm_new_password).press('Enter');
    await expect(page.getByRole('heading', { name: en.password.done_heading, exact: true })).toBeVisible();

    await requestReset(a.email);
    let second = first;
    await expect(async () => {
      second = await mailedLink(a.email, 'password/reset');
      expect(second).not.toBe(first);
    }).toPass({ timeout: 30_000 });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const islands = await holdIslands(page);
    await page.goto(`${second}?language=en`, { waitUntil: 'commit' });
    await page.getByLabel(en.password.new_password, { exact: true }).fill('Birch#Bark2028');
    await page.getByLabel(en.password.confirm_new_password).fill('Birch#Bark2028');
    islands.release();
    await hydrated(page, 'NewPasswordForm');
    await expect(page.getByLabel(en.password.new_password, { exact: true })).toHaveValue('Birch#Bark2028');
    await page.getByRole('button', { name: en.password.save }).click();
    await expect(page.getByRole('heading', { name: en.password.done_heading, exact: true })).toBeVisible();
  });

  test('activation: pressed before hydration, the account is ready; the island keeps the outcome', async ({ page }) => {
    const email = await provisionalRegistration();
    const link = await mailedLink(email, 'activation');
    const islands = await holdIslands(page);
    await page.goto(`${link}?language=en`, { waitUntil: 'commit' });
    await expectNotHydrated(page, 'ActivateAccount');
    await page.getByRole('button', { name: en.activation.submit }).click();
    await expect(page.getByRole('heading', { name: en.activation.done_heading })).toBeVisible();
    islands.release();
    await hydrated(page, 'ActivateAccount');
    await expect(page.getByRole('heading', { name: en.activation.done_heading })).toBeVisible();
  });

  test('receive by link: pressed before hydration, the badge is received', async ({ page }) => {
    const a = await newAccount();
    await awardBadge(a.email, 'Form Receive Held');
    const link = await mailedLink(a.email, 'receive');
    const islands = await holdIslands(page);
    await page.goto(`${link}?language=en`, { waitUntil: 'commit' });
    await expectNotHydrated(page, 'ReceiveByLink');
    await page.getByRole('button', { name: en.receive.submit, exact: true }).click();
    await expect(page.getByRole('heading', { name: en.receive.done_heading })).toBeVisible();
    islands.release();
    await hydrated(page, 'ReceiveByLink');
    await expect(page.getByRole('link', { name: en.receive.open_badge })).toBeVisible();
  });

  test('terms: I Agree pressed before hydration records the agreement', async ({ page }) => {
    const a = await newAccount();
    await devSql(ORIGIN, 'UPDATE accounts SET agree_term_of_service = 0, terms_version = NULL WHERE id = ?', [a.id]);
    await signIn(page, await startSessionFor(a.id));
    const islands = await holdIslands(page);
    await page.goto(`${BASE}/terms?language=en`, { waitUntil: 'commit' });
    const dialog = page.getByRole('dialog', { name: en.terms.title });
    await expect(dialog).toBeVisible();
    await expectNotHydrated(page, 'TermsModal');
    await dialog.getByRole('button', { name: en.terms.agree }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    islands.release();
    const [row] = await devSql(ORIGIN, 'SELECT agree_term_of_service AS a FROM accounts WHERE id = ?', [a.id]);
    expect(row).toEqual({ a: 1 });
  });

  test('settings: until the island is ready the button says Loading… and takes no click; then it works', async ({
    page,
  }) => {
    const a = await newAccount();
    await signIn(page, await startSessionFor(a.id));
    const islands = await holdIslands(page);
    await page.goto(`${BASE}/setting?menu=2&language=en`, { waitUntil: 'commit' });
    const loading = page.getByRole('button', { name: en.common.loading });
    await expect(loading).toBeDisabled();
    await expect(page.getByLabel(en.settings.current_password)).toBeDisabled();
    islands.release();
    await hydrated(page, 'PasswordChange');
    await expect(page.getByRole('button', { name: en.settings.change_password })).toBeEnabled();
    await expect(page.getByLabel(en.settings.current_password)).toBeEditable();
  });
});
