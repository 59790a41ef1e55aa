import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja.json' with { type: 'json' };
import { expect, expectNoAxeViolations, test } from './fixtures';

/**
 * Issue 21: an Open Badges 3.0 credential pasted on the verify page renders like any badge: four
 * items with the achievement and issuer, or the new codes' texts (here E177, in Japanese too).
 */
const BASE = '/ns/portal/openbadge';
// Signed by bench/ob3.ts (tests/fixtures/ob3/lanyard/SOURCE.md): eddsa-rdfc-2022, did:key issuer.
const SIGNED = readFileSync('tests/fixtures/ob3/lanyard/bench-signed.json', 'utf8');
const RECIPIENT = 'bench@example.test';

async function verifyPasted(page: Page, lang: 'en' | 'ja', json: string, email = '') {
  const t = lang === 'en' ? en : ja;
  await page.goto(`${BASE}/verification?language=${lang}`);
  await page.getByLabel(t.verify.json).fill(json);
  if (email) await page.getByRole('textbox', { name: t.verify.email }).fill(email);
  await page.getByRole('button', { name: t.verify.submit, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: t.verify.result })).toBeVisible();
}

test('a signed OB 3.0 credential pasted on the verify page passes all four items', async ({ page, problems }) => {
  await verifyPasted(page, 'en', SIGNED, RECIPIENT);
  await expect(page.getByRole('status')).toHaveText(en.verify.pass);
  await expect(page.locator('.verify-items .verify-success')).toHaveCount(3);
  // A did:key issuer that signed itself: its name is its own claim, not shown as verified (issue 33).
  await expect(page.locator('.verify-claimed .verify-status')).toHaveText(en.verify.self_asserted);
  await expect(page.getByText('Bench issuer').first()).toBeVisible();
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});

test("a credential whose key cannot be found shows E177's text (English and Japanese)", async ({ page, problems }) => {
  const broken = readFileSync('tests/fixtures/ob3/1edtech/simple-err-proof-method-unknown-did-method.json', 'utf8');
  await verifyPasted(page, 'en', broken, 'student@1edtech.edu');
  await expect(page.getByRole('status')).toHaveText(en.verify.not_pass);
  await expect(page.getByText(en.verify.code.E177)).toBeVisible();
  await verifyPasted(page, 'ja', broken, 'student@1edtech.edu');
  await expect(page.getByText(ja.verify.code.E177)).toBeVisible();
  expect(problems).toEqual([]);
});
