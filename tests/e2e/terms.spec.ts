import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja.json' with { type: 'json' };
import { devSql } from '../../scripts/lib/dev-sql.mjs';
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { expect, expectNoAxeViolations, hydrated, signIn, test } from './fixtures';
import { startSessionFor } from './session';

const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';

/** A fresh account (registered through the API) in a given terms state, signed in on `page`. */
async function accountWithTerms(language: string, agreed: boolean, version: string) {
  const email = `terms-${language}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const id = String(
    await registerAndActivate('http://127.0.0.1:8787', {
      email,
      password: 'Tanuki#Forest88',
      firstName: 'Terms',
      lastName: 'Reader',
      language,
    }),
  );
  await devSql(
    ORIGIN,
    `UPDATE accounts SET agree_term_of_service = ${agreed ? 1 : 0}, terms_version = '${version}' WHERE id = '${id}'`,
  );
  return { id, token: await startSessionFor(id) };
}

test('a revision of the terms brings the persistent notice; I Agree waits for the end of the text', async ({
  page,
  problems,
}) => {
  const { id, token } = await accountWithTerms('ja', true, '2024-03-14');
  await signIn(page, token);
  await page.goto(`${BASE}/terms?language=ja`);
  await hydrated(page, 'TermsModal');
  const dialog = page.getByRole('dialog', { name: ja.terms.title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(ja.terms.revision_notice.replace('{{date}}', '2024年7月1日'));
  // Persistent: Escape does not close it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  const agree = dialog.getByRole('button', { name: ja.terms.agree });
  await expect(agree).toBeDisabled();
  const area = dialog.locator('.terms-scroll');
  await expect(area).toHaveCSS('height', '250px');
  await expect(area.getByRole('heading', { level: 2 }).first()).toHaveText('第1章 総則');
  await expectNoAxeViolations(page);
  await area.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(agree).toBeEnabled();
  await agree.click();
  await expect(dialog).toBeHidden();
  const [row] = await devSql(
    ORIGIN,
    `SELECT agree_term_of_service AS a, terms_version AS v FROM accounts WHERE id = '${id}'`,
  );
  expect(row).toEqual({ a: 1, v: '2024-07-01' });
  await page.reload();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('Disagree leads to the rejection page; the modal comes back until the terms are agreed', async ({ page }) => {
  const { token } = await accountWithTerms('en', false, '2024-07-01');
  await signIn(page, token);
  await page.goto(`${BASE}/terms?language=en`);
  await hydrated(page, 'TermsModal');
  const dialog = page.getByRole('dialog', { name: en.terms.title });
  await expect(dialog).toContainText(en.terms.modal_intro);
  await dialog.getByRole('button', { name: en.terms.disagree }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/terms-rejection$`));
  await expect(page.getByRole('heading', { name: en.terms_rejection.heading })).toBeVisible();
  await page.goto(`${BASE}/terms`);
  await expect(page.getByRole('dialog', { name: en.terms.title })).toBeVisible();
});

test('the terms content view: the stored language, heading ids, and a height that defaults to 380 px', async ({
  page,
}) => {
  await page.goto(`${BASE}/terms?language=ko`);
  const content = page.locator('.terms-content');
  await expect(content).toHaveAttribute('lang', 'ko');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('이용약관');
  await expect(content.getByRole('heading', { level: 2 }).first()).toHaveText('제1장 총칙');
  await expect(content.locator('h2[id], h3[id]')).toHaveCount(23);
  await expect(content).toHaveCSS('height', '380px');
  await page.goto(`${BASE}/terms?height=520`);
  await expect(content).toHaveCSS('height', '520px');
  // Signed in, the account's own language wins over the visitor's choice.
  const { token } = await accountWithTerms('ja', true, '2024-07-01');
  await signIn(page, token);
  await page.goto(`${BASE}/terms?language=en`);
  await expect(content).toHaveAttribute('lang', 'ja');
  await expect(content).toContainText('東京地方裁判所');
  await expect(content).toContainText('日本語版が優先します');
});
