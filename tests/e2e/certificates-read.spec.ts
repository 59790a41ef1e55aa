import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja.json' with { type: 'json' };
import th from '../../src/i18n/locales/th.json' with { type: 'json' };
import { expect, expectNoAxeViolations, hydrated, signIn, test } from './fixtures';
import { transcriptHolder } from './certificate-helpers';

/*
 * Issue 35, item 3, "Certificates read as certificates", in one CJK and one Thai page (the script
 * families of tests/e2e/script-families.ts): the verify result of a certificate says
 * "certificate" and names the holder as the document does; the transcript table has the PDF's
 * columns in the PDF's order with its totals and GPA; a page past the list's last says so.
 */

type Catalogue = typeof en;
const BASE = '/ns/portal/openbadge';

/** The document's own name differs from the wallet's (Misaki Takahashi), in the document's script. */
const TEXT = {
  ja: { heading: '成績証明書', title: '工学部 成績証明書', course: '線形代数学', name: '髙橋 美咲' },
  th: { heading: 'ใบแสดงผลการเรียน', title: 'ใบแสดงผลการเรียน คณะวิศวกรรมศาสตร์', course: 'แคลคูลัส ๑', name: 'สมหญิง ใจดี' },
} as const;

const holder = (lang: keyof typeof TEXT) =>
  transcriptHolder(lang, TEXT[lang], {
    tag: 'certs-read',
    template: { signer_name: 'Registrar, Sakura Institute of Technology', signer_title: 'Registrar' },
  });

for (const [lang, c] of [
  ['ja', ja as Catalogue],
  ['th', th as Catalogue],
] as const) {
  test(`${lang}: a certificate reads as a certificate: its table, its verify result, a page past the last`, async ({
    page,
    browser,
    problems,
  }) => {
    test.setTimeout(90_000);
    const h = await holder(lang);
    await signIn(page, h.token);

    // Past the last page: said so, with the way back to the last page, not the count over nothing.
    await page.goto(`${BASE}/acaddocs?page=2&language=${lang}`);
    await expect(page.getByText(c.certificates.listed_one.replace('{{count}}', '1'))).toBeVisible();
    await expect(
      page.getByText(c.wallet.past_last_page.replace('{{page}}', '2').replace('{{last}}', '1')),
    ).toBeVisible();
    await expect(page.locator('.certificate-row')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: c.wallet.to_last_page.replace('{{last}}', '1') }).click();
    await expect(page.locator('.certificate-row').filter({ hasText: h.text.title })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();

    // The transcript: the PDF's columns in the PDF's order, then its totals and its GPA.
    await page.goto(`${BASE}/acaddocs/detail/${h.doc}?language=${lang}`);
    const table = page.locator('table.transcript');
    await expect(table.locator('thead th')).toHaveText([
      c.certificates.course,
      c.certificates.credits,
      c.certificates.grade,
      c.certificates.term,
    ]);
    await expect(table.locator('tbody tr').first().locator('td')).toHaveText([h.text.course, '2', 'A', '2024']);
    // (4 × 2 + 3.3 × 1.5) / 3.5 = 3.70, as the PDF prints it.
    await expect(table.locator('tfoot')).toContainText(c.certificate_pdf.gpa.replace('{{gpa}}', '3.70'));
    await expect(table.locator('tfoot')).toContainText(c.certificates.total_courses.replace('{{count}}', '2'));
    await expect(table.locator('tfoot td').first()).toHaveText('3.5');
    await hydrated(page, 'CertificateActions');
    await page.getByRole('button', { name: c.detail.make_public }).click();
    await expect(page.getByRole('status').filter({ hasText: c.certificates.is_public })).toBeVisible();

    // A visitor without JavaScript verifies it from its public page: a certificate, and whose.
    const anonymous = await browser.newContext({ javaScriptEnabled: false });
    const visitor = await anonymous.newPage();
    await visitor.goto(`${BASE}/public/acaddocs/detail/${h.doc}?language=${lang}`);
    await visitor.getByRole('button', { name: c.certificates.verify }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: c.verify.certificate_title })).toBeVisible();
    const result = visitor.getByRole('region', { name: c.verify.result });
    await expect(result.getByRole('status')).toHaveText(c.verify.certificate_pass);
    await expect(result.locator('.verify-item').nth(2)).toContainText(h.text.name);
    await expect(result.getByText('Misaki')).toHaveCount(0);
    await expect(result.getByText(c.verify.pass, { exact: true })).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: c.verify.certificate_open_page })).toBeVisible();
    await anonymous.close();

    // The same result with scripts on, for axe.
    await page.goto(`${BASE}/public/acaddocs/detail/${h.doc}?language=${lang}`);
    await page.getByRole('button', { name: c.certificates.verify }).click();
    await expect(page.getByRole('region', { name: c.verify.result }).getByRole('status')).toHaveText(
      c.verify.certificate_pass,
    );
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
}
