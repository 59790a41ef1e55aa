import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import ja from '../../src/i18n/locales/ja.json' with { type: 'json' };
import th from '../../src/i18n/locales/th.json' with { type: 'json' };
import { expect, expectNoAxeViolations, test } from './fixtures';

/**
 * Issue 38: a CLR 2.0 learner record pasted on the verify page, in Japanese and in Thai: the
 * record's own verdict in a certificate's words, each nested course listed with its own verdict,
 * and a record changed after signing said to be altered, with no course listed.
 */
const BASE = '/ns/portal/openbadge';
// Signed by bench/clr.ts (tests/fixtures/clr/lanyard/SOURCE.md): six courses of three schools.
const SIGNED = readFileSync('tests/fixtures/clr/lanyard/transcript-signed.json', 'utf8');
const RECIPIENT = 'bench@example.test';
const CATALOGUES = { ja, th };

async function verifyPasted(page: Page, lang: 'ja' | 'th', json: string) {
  const t = CATALOGUES[lang];
  await page.goto(`${BASE}/verification?language=${lang}`);
  await page.getByLabel(t.verify.json).fill(json);
  await page.getByRole('textbox', { name: t.verify.email }).fill(RECIPIENT);
  await page.getByRole('button', { name: t.verify.submit, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: t.verify.result })).toBeVisible();
}

for (const lang of ['ja', 'th'] as const) {
  const t = CATALOGUES[lang];
  test(`a signed learner record verifies, each course listed with its verdict (${lang})`, async ({
    page,
    problems,
  }) => {
    await verifyPasted(page, lang, SIGNED);
    await expect(page.getByRole('status')).toHaveText(t.verify.certificate_pass);
    await expect(page.getByRole('heading', { level: 3, name: t.verify.nested })).toBeVisible();
    const courses = page.getByTestId('verify-nested').locator(':scope > li');
    await expect(courses).toHaveCount(6);
    // Signed by did:key schools: each course's signature holds, but its school's name is its own
    // claim (W003), said in its verdict as the issued_by item says it, and the name is not shown.
    for (const n of [0, 1, 2, 3, 4, 5]) {
      await expect(courses.nth(n)).toContainText(`Course ${n}`);
      await expect(courses.nth(n).locator('.verify-status')).toHaveText(t.verify.self_asserted);
    }
    await expect(courses.nth(1)).not.toContainText('Inland Institute');
    await expect(courses.nth(1)).not.toContainText(t.verify.code.W003);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  test(`a learner record with a grade changed after signing is altered (${lang})`, async ({ page, problems }) => {
    const changed = SIGNED.replace('"value": "B"', '"value": "A"');
    expect(changed).not.toBe(SIGNED);
    await verifyPasted(page, lang, changed);
    await expect(page.getByRole('status')).toHaveText(t.verify.altered);
    // An altered record says nothing about whose its courses are: none is listed.
    await expect(page.getByTestId('verify-nested')).toHaveCount(0);
    await expect(page.getByText(t.verify.code.E179)).toBeVisible();
    expect(problems).toEqual([]);
  });
}
