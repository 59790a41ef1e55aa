import type { Locator, Page } from '@playwright/test';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja.json' with { type: 'json' };
import th from '../../src/i18n/locales/th.json' with { type: 'json' };
import vi from '../../src/i18n/locales/vi.json' with { type: 'json' };
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { virtualAuthenticator } from './authenticator';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';

/*
 * Issue 35, item 6, in a real browser: the name fields follow the page language's name order (with
 * and without JavaScript), the avatar's Thai initials are consonants, and a passkey's "added" and
 * "last used" are labelled times in the Thai calendar, laid out apart, with a Thai default name.
 * Pages that add a passkey are opened at localhost (the local RP id, as in passkeys.spec.ts).
 */
const API_ORIGIN = 'http://127.0.0.1:8787';
const ORIGIN = 'http://localhost:8787';
const BASE = `${ORIGIN}/ns/portal/openbadge`;
const PASSWORD = 'Heron#Names2035';

async function freshAccount(first: string, last: string, language: string): Promise<string> {
  const email = `names-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  await registerAndActivate(API_ORIGIN, { email, password: PASSWORD, firstName: first, lastName: last, language });
  return email;
}

async function logIn(page: Page, email: string) {
  await page.goto(`${BASE}/login?language=en`);
  await hydrated(page, 'LoginForm');
  await page.getByLabel(en.login.email).fill(email);
  await page.getByRole('button', { name: en.login.next }).click();
  await page.getByLabel(en.login.password).fill(PASSWORD);
  await page.getByRole('button', { name: en.login.submit }).click();
  await expect(page).toHaveURL(/\/assertions$/);
}

/** The texts of the labels in `scope`, in document order, keeping only those listed. */
async function labelOrder(scope: Locator, wanted: string[]) {
  const all = await scope.locator('label').allTextContents();
  return all.map((s) => s.trim()).filter((s) => wanted.includes(s));
}

test.describe('registration without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const [lang, c, familyFirst] of [
    ['ja', ja, true],
    ['vi', vi, true],
    ['th', th, false],
    ['en', en, false],
  ] as const) {
    test(`${lang}: the information step asks for the ${familyFirst ? 'family' : 'given'} name first`, async ({
      page,
      problems,
    }) => {
      await page.goto(`${BASE}/createaccount?language=${lang}`);
      await page.getByRole('button', { name: c.terms.agree }).click();
      // The click posts the terms form: the labels are read once the next page is there (read
      // at once, a loaded machine still showed the terms, and no label at all).
      await expect(page.getByLabel(c.account.email)).toBeVisible();
      const form = page.locator('form').filter({ has: page.getByLabel(c.account.email) });
      const names = [c.account.first_name, c.account.last_name];
      expect(await labelOrder(form, names)).toEqual(familyFirst ? [...names].reverse() : names);
      expect(problems).toEqual([]);
    });
  }
});

test('ja: the profile asks for 姓 before 名, in both pairs', async ({ page, problems }) => {
  await logIn(page, await freshAccount('花子', '山田', 'ja'));
  await page.goto(`${BASE}/setting?menu=4&language=ja`);
  await hydrated(page, 'ProfileSettings');
  const s = ja.settings;
  const wanted = [s.last_name, s.first_name, s.last_name_en, s.first_name_en];
  expect(await labelOrder(page.locator('main'), wanted)).toEqual(wanted);
  await expect(page.getByLabel(s.last_name, { exact: true })).toHaveValue('山田');
  // The avatar: family name first, as the name is written beside it.
  await expect(page.locator('.avatar-btn')).toContainText('山花');
  expect(problems).toEqual([]);
});

test('th: initials are consonants; a passkey is named and dated in Thai, its facts labelled apart', async ({
  page,
  problems,
}) => {
  await logIn(page, await freshAccount('สมชาย', 'ใจดี', 'th'));
  await virtualAuthenticator(page);
  await page.goto(`${BASE}/setting/security?language=th`);
  await hydrated(page, 'PasskeySettings');
  // สมชาย ใจดี: ส and จ, never the leading vowel ใ.
  await expect(page.locator('.avatar-btn')).toContainText('สจ');
  const region = page.getByRole('region', { name: th.passkeys.heading });
  await region.getByLabel(th.two_step.password).fill(PASSWORD);
  await region.getByRole('button', { name: th.passkeys.add }).click();
  await expect(region.getByRole('status')).toHaveText(th.passkeys.added);
  const row = region.getByTestId('passkey-row').last();
  // The default name: Thai, and the day in the Buddhist era (e.g. พาสคีย์ 28 พ.ย. 2569).
  const era = new Date().getUTCFullYear() + 543;
  await expect(row.locator('.email-address')).toHaveText(new RegExp(`^พาสคีย์ \\d{1,2} .+ ${era}$`));
  const terms = row.locator('dt');
  const times = row.locator('dd');
  await expect(terms).toHaveText([th.passkeys.added_at, th.passkeys.used_at]);
  await expect(times.first()).toContainText(String(era));
  await expect(times.first()).toContainText('(เวลา UTC)');
  await expect(times.last()).toHaveText(th.passkeys.never_used);
  // Laid out apart: each label beside its own value, "last used" on a line of its own.
  const [added, addedAt, used] = await Promise.all([
    terms.first().boundingBox(),
    times.first().boundingBox(),
    terms.last().boundingBox(),
  ]);
  expect(added && addedAt && used).toBeTruthy();
  if (added && addedAt && used) {
    expect(added.x + added.width).toBeLessThanOrEqual(addedAt.x);
    expect(used.y).toBeGreaterThanOrEqual(addedAt.y + addedAt.height - 1);
  }
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});
