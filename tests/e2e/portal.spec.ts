import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja.json' with { type: 'json' };
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import {
  agreeTermsIfAsked,
  awardBadge,
  BASE,
  ORIGIN,
  PORTAL,
  PORTAL_NAME,
  DEMO_PORTAL_USER,
  portalUserFor,
  signInAtPortal,
  userTypeCookie,
  walletAnswers,
} from './portal-helpers';

// Issue 20, done means: in a real browser, in English and Japanese, a portal user (type 1) signs
// in through the local portal, receives and publishes a badge, signs out at the portal and is
// signed out of Lanyard. Each test has its own portal user when the portal lets tests add people;
// otherwise they share npm start's demo portal user (never the demo WALLET account), so they run
// one after the other, each with badges of its own name.
test.describe.configure({ mode: 'default' });
type Catalogue = typeof en;
const named = (s: string) => s.replaceAll('{{name}}', PORTAL_NAME);
/** Problems of our own pages: the portal's pages (its missing favicon) are not ours to judge. */
const ours = (problems: string[]) => problems.filter((p) => !p.includes(PORTAL));

for (const [lang, c] of [
  ['en', en],
  ['ja', ja as Catalogue],
] as const) {
  test(`${lang}: portal sign-in, a badge received and published, token renewal, settings, sign-out at the portal`, async ({
    page,
    browser,
    problems,
  }, testInfo) => {
    test.setTimeout(120_000);
    const shot = async (name: string) => {
      if (lang === 'ja') await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
    };
    const user = await portalUserFor(`portal-${lang}`);
    const badge = `Harbour ${lang} ${Date.now()}`;

    // 1. The login page offers the portal under the wallet's own login; the button is a plain link.
    await page.goto(
      `${BASE}/login?language=${lang}&redirect=${encodeURIComponent(`${BASE}/assertions?tab=receiving`)}`,
    );
    const button = page.getByRole('link', { name: named(c.login.portal_sign_in) });
    await expect(button).toBeVisible();
    const href = new URL((await button.getAttribute('href')) ?? '', ORIGIN);
    expect(href.pathname).toBe(`${BASE}/portal/login`);
    expect(href.searchParams.get('returnTo')).toBe(`${BASE}/assertions?tab=receiving`);
    await expectNoAxeViolations(page);
    await shot('ja-login');
    await button.click();

    // 2. At the portal, then back in the wallet where the login page was asked to return, as type 1.
    await signInAtPortal(page, user);
    await page.waitForURL(`${ORIGIN}${BASE}/assertions?tab=receiving`);
    expect(await userTypeCookie(page)).toBe('1');
    await agreeTermsIfAsked(page, c.terms.title, c.terms.agree);
    await expectNoAxeViolations(page);
    await shot('ja-landed');

    // 3. A badge awarded to the portal address arrives, is received, and published.
    await awardBadge(user.email, badge);
    await page.goto(`${BASE}/assertions?tab=receiving&language=${lang}`);
    await hydrated(page, 'BadgeList');
    await expect(page.locator('.badge-card').filter({ hasText: badge })).toBeVisible();
    await page.getByRole('button', { name: c.wallet.receive_all }).click();
    await expect(page.getByText(c.wallet.no_badge_data)).toBeVisible();
    await page.goto(`${BASE}/assertions`);
    await page.getByRole('link', { name: new RegExp(badge) }).click();
    await hydrated(page, 'BadgeActions');
    await page.getByRole('button', { name: c.detail.make_public }).click();
    await expect(page.getByRole('status').filter({ hasText: c.detail.is_public })).toBeVisible();
    await page.getByRole('button', { name: c.share.open, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: c.share.title });
    const publicUrl = await dialog.getByLabel(c.share.url).inputValue();
    await shot('ja-published');
    await dialog.getByRole('button', { name: c.common.close }).click();
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const anonymous = await visitor.newPage();
    expect((await anonymous.goto(publicUrl))?.status()).toBe(200);
    await expect(anonymous.getByRole('heading', { level: 1, name: badge })).toBeVisible();

    // 4. The wallet's access token is gone but the portal session lives: the next call gets a new
    //    token from GetApiAccessToken.ashx and is sent again; the page keeps working (spec §6).
    await page.context().clearCookies({ name: 'accessToken' });
    const renewed = page.waitForResponse((r) => r.url().endsWith('/ns/login/GetApiAccessToken.ashx'));
    await page.getByRole('button', { name: c.detail.make_private }).click();
    expect((await renewed).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: c.detail.is_private })).toBeVisible();
    expect((await page.context().cookies(ORIGIN)).some((k) => k.name === 'accessToken')).toBe(true);
    expect((await anonymous.goto(publicUrl))?.status()).toBe(404);
    await visitor.close();

    // 5. Settings: no password form, but where the password is managed.
    await page.goto(`${BASE}/setting?menu=2&language=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: c.settings.menu_password_portal })).toBeVisible();
    await expect(page.getByText(named(c.settings.password_managed))).toBeVisible();
    await expect(page.getByRole('link', { name: named(c.settings.password_managed_link) })).toHaveAttribute(
      'href',
      `${PORTAL}/account`,
    );
    await expect(page.locator('input[type="password"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shot('ja-settings-password');
    // Menu 1's confirmations ask for no password of this account either: the portal sign-in
    // confirms. (The merge's "password of the other account" is that other account's.)
    await page.goto(`${BASE}/setting?menu=1&language=${lang}`);
    await hydrated(page, 'EmailSettings');
    await expect(page.getByText(named(c.settings.portal_confirm_note)).first()).toBeVisible();
    await expect(page.locator('input[autocomplete="current-password"]')).toHaveCount(0);
    // The avatar menu names the portal for signing out, and has no wallet "Sign out".
    await hydrated(page, 'AvatarMenu');
    await page.getByRole('button', { name: c.header.account_menu }).click();
    await expect(page.getByRole('button', { name: named(c.header.sign_out_portal) })).toBeVisible();
    await expect(page.getByRole('button', { name: c.header.sign_out, exact: true })).toHaveCount(0);
    await shot('ja-avatar-menu');

    // 6. Signing out AT THE PORTAL signs the person out of Lanyard (back-channel logout). A second
    //    tab keeps the badge list open meanwhile.
    const open = await page.context().newPage();
    await open.goto(`${BASE}/assertions?language=${lang}`);
    await hydrated(open, 'BadgeList');
    await page.goto(`${PORTAL}/?ui_locales=${lang}`);
    await page.locator('#portal-signout button').click();
    await expect(page.locator('#portal-signout')).toHaveCount(0);
    await expect(async () => {
      await page.goto(`${BASE}/assertions?language=${lang}`);
      // The wallet page now leads to the portal login, which asks for the password again.
      expect(new URL(page.url()).origin).toBe(PORTAL);
      await expect(page.locator('#login')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await shot('ja-portal-login-after-sign-out');
    // The open tab's next call answers 401, GetApiAccessToken too (no portal session): the islands'
    // client takes that tab to the portal login (spec §6).
    const tokenRefused = open.waitForResponse((r) => r.url().endsWith('/ns/login/GetApiAccessToken.ashx'));
    await open.locator('.field select').first().selectOption({ index: 1 });
    expect((await tokenRefused).status()).toBe(401);
    await open.waitForURL((u) => u.origin === PORTAL);
    await expect(open.locator('#login')).toBeVisible();
    await open.close();
    await page.goto(`${BASE}/login?language=${lang}`);
    const answers = await walletAnswers(page);
    expect(answers.findList).toBe(401);
    expect(answers.token).toBe(401);
    expect(new URL(answers.loginUrl).pathname).toBe(`${BASE}/portal/login`);
    // The 401s are the point of the last steps (and of the renewal in step 4).
    expect(ours(problems).filter((p) => !/^401 /.test(p) && !p.includes('status of 401'))).toEqual([]);
  });
}

test('"Sign out of Lanyard Portal" in the avatar menu ends the wallet and the portal session', async ({
  page,
  problems,
}) => {
  test.setTimeout(90_000);
  const user = await portalUserFor('portal-rp-logout');
  await page.goto(`${BASE}/login?language=en`);
  await page.getByRole('link', { name: named(en.login.portal_sign_in) }).click();
  await signInAtPortal(page, user);
  await page.waitForURL(`${ORIGIN}${BASE}/assertions`);
  await agreeTermsIfAsked(page, en.terms.title, en.terms.agree);

  await hydrated(page, 'AvatarMenu');
  await page.getByRole('button', { name: en.header.account_menu }).click();
  await page.getByRole('button', { name: named(en.header.sign_out_portal) }).click();
  // RP-initiated logout: through the portal's end-session endpoint and back to the login page.
  await page.waitForURL((u) => u.href.startsWith(`${ORIGIN}${BASE}/login`), { timeout: 20_000 });
  expect(await userTypeCookie(page)).toBeUndefined();
  // The portal session is over too: its home page offers no sign-out any more.
  await page.goto(`${PORTAL}/`);
  await expect(page.locator('#portal-signout')).toHaveCount(0);
  // And the wallet: a wallet page goes to LoginPage (this browser signed out on purpose).
  await page.goto(`${BASE}/assertions`);
  await expect(page).toHaveURL(new RegExp(`${BASE}/login\\?redirect=`));
  // The wallet's own login refuses the portal address with a message pointing to the portal button.
  await hydrated(page, 'LoginForm');
  await page.getByLabel(en.login.email).fill(user.email);
  await page.getByRole('button', { name: en.login.next }).click();
  await page.getByLabel(en.login.password, { exact: true }).fill('Any#Password1');
  await page.getByRole('button', { name: en.login.submit }).click();
  await expect(page.getByText(en.errors.E401122)).toBeVisible();
  // That refusal is a 401 by design.
  expect(ours(problems).filter((p) => !/^401 /.test(p) && !p.includes('status of 401'))).toEqual([]);
});

test('without JavaScript the portal button signs a portal user in, and a page load renews an ended wallet session through the portal', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // The banner's demo portal user, so what the README tells a newcomer is checked too.
  const user = DEMO_PORTAL_USER;
  await page.goto(`${BASE}/login?language=ja&redirect=${encodeURIComponent(`${BASE}/setting?menu=2`)}`);
  await page.getByRole('link', { name: named(ja.login.portal_sign_in) }).click();
  await signInAtPortal(page, user);
  await page.waitForURL(`${ORIGIN}${BASE}/setting?menu=2`);
  expect(await userTypeCookie(page)).toBe('1');
  await expect(page.getByText(named(ja.settings.password_managed))).toBeVisible();
  // The wallet cookie is gone but the portal session lives: the next page load goes through the
  // portal login (the page guard, spec §6), which signs the person in again without a form.
  await context.clearCookies({ name: 'accessToken' });
  await page.goto(`${BASE}/setting?menu=2`);
  await expect(page).toHaveURL(`${ORIGIN}${BASE}/setting?menu=2`);
  await expect(page.getByText(named(ja.settings.password_managed))).toBeVisible();
  expect((await context.cookies(ORIGIN)).some((k) => k.name === 'accessToken')).toBe(true);
  await context.close();
});
