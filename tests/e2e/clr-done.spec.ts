import { readFile } from 'node:fs/promises';
import ja from '../../src/i18n/locales/ja.json' with { type: 'json' };
import th from '../../src/i18n/locales/th.json' with { type: 'json' };
import { expect, expectNoAxeViolations, hydrated, signIn, test } from './fixtures';
import { transcriptHolder, type TranscriptText } from './certificate-helpers';

/**
 * Issue 38, "done means", in Japanese and in Thai: an issuer awards a transcript (issuer API); its
 * recipient downloads the record as CLR 2.0 from the certificate's page, verifies it on the verify
 * page (valid, each course listed and verified), and the same record with a grade changed reads
 * as altered.
 */
const BASE = '/ns/portal/openbadge';
const TEXT: Record<'ja' | 'th', TranscriptText> = {
  ja: { heading: '成績証明書', title: '学士（情報工学）', course: '線形代数学', name: '高橋 美咲' },
  th: { heading: 'ใบแสดงผลการศึกษา', title: 'วิทยาศาสตรบัณฑิต', course: 'พีชคณิตเชิงเส้น', name: 'มิซากิ ทากาฮาชิ' },
};

for (const [lang, c] of [
  ['ja', ja],
  ['th', th],
] as const) {
  test(`${lang}: a transcript's CLR is downloaded, verifies course by course, and a changed grade is altered`, async ({
    page,
    browser,
    problems,
  }) => {
    test.setTimeout(90_000);
    const h = await transcriptHolder(lang, TEXT[lang], { tag: 'clr' });
    await signIn(page, h.token);
    await page.goto(`${BASE}/acaddocs/detail/${h.doc}?language=${lang}`);
    await hydrated(page, 'CertificateActions');
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: c.certificates.download_clr }).click();
    const file = await saved;
    expect(file.suggestedFilename()).toMatch(/^learner_record_.+\.json$/);
    const record = await readFile((await file.path()) ?? '', 'utf8');
    expect(JSON.parse(record)['type']).toEqual(['VerifiableCredential', 'ClrCredential']);
    // Without JavaScript the button is a form whose answer is the same record, signed once and kept.
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await signIn(plain, h.token);
    await plain.goto(`${BASE}/acaddocs/detail/${h.doc}?language=${lang}`);
    const viaForm = plain.waitForEvent('download');
    await plain.getByRole('button', { name: c.certificates.download_clr }).click();
    expect(await readFile((await (await viaForm).path()) ?? '', 'utf8')).toBe(record);
    await noJs.close();

    const verify = async (json: string) => {
      await page.goto(`${BASE}/verification?language=${lang}`);
      await page.getByLabel(c.verify.json).fill(json);
      await page.getByRole('textbox', { name: c.verify.email }).fill(h.email);
      await page.getByRole('button', { name: c.verify.submit, exact: true }).click();
      return page.getByRole('region', { name: c.verify.result });
    };
    const result = await verify(record);
    await expect(result.getByRole('status')).toHaveText(c.verify.certificate_pass);
    const courses = result.getByTestId('verify-nested').locator(':scope > li');
    await expect(courses).toHaveCount(2);
    await expect(courses.nth(0)).toContainText(TEXT[lang].course);
    await expect(courses.nth(1)).toContainText('Data Structures');
    for (const n of [0, 1]) await expect(courses.nth(n).locator('.verify-status')).toHaveText(c.verify.nested_valid);
    await expectNoAxeViolations(page);

    const changed = await verify(record.replace('"value":"B+"', '"value":"A"'));
    await expect(changed.getByRole('status')).toHaveText(c.verify.altered);
    expect(problems).toEqual([]);
  });
}
