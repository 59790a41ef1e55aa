import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja.json' with { type: 'json' };
import th from '../../src/i18n/locales/th.json' with { type: 'json' };
import { devSql } from '../../scripts/lib/dev-sql.mjs';
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { attachedCredentials } from '../../src/server/verify/pdf/attachments';
import { reembed, withClaim } from '../support/pdf-attachments';
import { pdfPageText } from '../support/pdf-text';
import { expect, expectNoAxeViolations, hydrated, signIn, test } from './fixtures';
import { transcriptHolder } from './certificate-helpers';
import { startSessionFor } from './session';

type Catalogue = typeof en;
const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';

/** What each language's transcript says: its heading, title, a course and the recipient's name. */
const TEXT = {
  ja: { heading: '成績証明書', title: '情報科学部 成績証明書', course: '線形代数学', name: '髙橋 美咲' },
  th: { heading: 'ใบแสดงผลการเรียน', title: 'ใบแสดงผลการเรียน คณะวิทยาศาสตร์', course: 'แคลคูลัส ๑', name: 'สมหญิง ใจดี' },
} as const;

/**
 * A new recipient in `lang` holding one transcript, issued by the demo issuer through the issuer
 * API (a template in that language, then the document to the recipient's verified address).
 */
const holder = (lang: keyof typeof TEXT) =>
  transcriptHolder(lang, TEXT[lang], { tag: 'certs', details: { GPA: '3.8' } });

for (const [lang, c] of [
  ['ja', ja as Catalogue],
  ['th', th as Catalogue],
] as const) {
  test(`${lang}: the certificates tab, the list, the detail, publish, and the public page as a visitor`, async ({
    page,
    browser,
    problems,
  }) => {
    // Two contexts, an issuer call and a share image render: more than the default budget here.
    test.setTimeout(90_000);
    const h = await holder(lang);
    await signIn(page, h.token);
    await page.goto(`${BASE}/assertions?language=${lang}`);
    await page.getByRole('link', { name: c.wallet.tab_certificates }).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/acaddocs$`));
    await expect(page.getByRole('heading', { level: 1, name: c.certificates.heading })).toBeVisible();
    await expect(page.getByText(c.certificates.listed_one.replace('{{count}}', '1'))).toBeVisible();
    const row = page.locator('.certificate-row').filter({ hasText: h.text.title });
    await expect(row).toContainText(c.certificates.kind_transcript);
    await expect(row).toContainText(c.wallet.mark_private);
    await expectNoAxeViolations(page);

    await row.getByRole('link', { name: h.text.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: h.text.title })).toBeVisible();
    await expect(page.getByText(h.text.heading, { exact: true })).toBeVisible();
    await expect(page.getByText(h.text.name)).toBeVisible();
    await expect(page.getByRole('cell', { name: h.text.course })).toBeVisible();
    await expect(page.getByText(c.certificates.total_courses.replace('{{count}}', '2'))).toBeVisible();
    await expect(page.getByText(h.email)).toBeVisible();
    await hydrated(page, 'CertificateActions');
    await expect(page.getByText(c.certificates.share_hint)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: c.detail.make_public }).click();
    await expect(page.getByRole('status').filter({ hasText: c.certificates.is_public })).toBeVisible();
    const linkedIn = new URL(
      (await page.getByRole('link', { name: c.share.linkedin_profile }).getAttribute('href')) ?? '',
    );
    expect(linkedIn.searchParams.get('startTask')).toBe('CERTIFICATION_NAME');
    expect(linkedIn.searchParams.get('name')).toBe(h.text.title);
    expect(linkedIn.searchParams.get('issueYear')).toBe('2025');
    expect(linkedIn.searchParams.get('certId')).toBe(h.doc);
    const publicUrl = linkedIn.searchParams.get('certUrl') ?? '';
    expect(publicUrl).toBe(`${ORIGIN}${BASE}/public/acaddocs/detail/${h.doc}`);
    await expect(page.getByRole('img', { name: c.share.qr_alt })).toBeVisible();

    // A visitor with JavaScript off: the whole page is in the HTML, with its share tags, and no login button.
    const anonymous = await browser.newContext({ javaScriptEnabled: false });
    const visitor = await anonymous.newPage();
    const res = await visitor.goto(`${publicUrl}?language=${lang}`);
    expect(res?.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1, name: h.text.title })).toBeVisible();
    await expect(visitor.getByRole('cell', { name: h.text.course })).toBeVisible();
    await expect(visitor.getByText(h.email)).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: c.header.log_in })).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: c.certificates.verify })).toBeVisible();
    await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute('href', publicUrl);
    await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute('content', h.text.title);
    await expect(visitor.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    const image = (await visitor.locator('meta[property="og:image"]').getAttribute('content')) ?? '';
    const card = await visitor.request.get(image);
    expect([card.status(), card.headers()['content-type']]).toEqual([200, 'image/png']);
    const ld = JSON.parse(
      (await visitor.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as Record<string, unknown>;
    expect(ld).toMatchObject({
      '@type': 'EducationalOccupationalCredential',
      name: h.text.title,
      credentialCategory: 'transcript',
      url: publicUrl,
      recognizedBy: { '@type': 'Organization' },
    });
    // axe needs scripts in the page: the owner's signed-in tab shows the same content.
    await page.goto(publicUrl);
    await expectNoAxeViolations(page);

    // "Verify this certificate" posts its id to the verify page, which works without JavaScript.
    await visitor.getByRole('button', { name: c.certificates.verify }).click();
    // Issue 35: a certificate's result speaks of a certificate, not a badge.
    await expect(visitor.getByText(c.verify.certificate_pass)).toBeVisible();

    // The public wallet lists it in its own section.
    await visitor.goto(`${BASE}/public/assertions/user/${h.id}?language=${lang}`);
    await expect(visitor.getByRole('link', { name: h.text.title })).toBeVisible();

    // Made private without JavaScript (the page's form), the public page is gone at once.
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const owner = await noJs.newPage();
    await signIn(owner, h.token);
    await owner.goto(`${BASE}/acaddocs/detail/${h.doc}?language=${lang}`);
    await owner.getByRole('button', { name: c.detail.make_private }).click();
    await expect(owner.getByText(c.certificates.is_private)).toBeVisible();
    const gone = await visitor.goto(`${publicUrl}?language=${lang}`);
    expect(gone?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { name: c.not_found.heading })).toBeVisible();
    await expect(visitor.getByRole('link', { name: c.header.log_in })).toHaveCount(0);
    await anonymous.close();
    await noJs.close();
    expect(problems).toEqual([]);
  });
}

/** Waits until the background job has printed the document's PDF. */
async function printed(doc: string) {
  await expect(async () => {
    const [row] = await devSql(ORIGIN, `SELECT pdf_state FROM acad_docs WHERE id = ?`, [doc]);
    expect(row?.['pdf_state']).toBe('ready');
  }).toPass({ timeout: 30_000 });
}

/** The fonts of a PDF as a reader sees them: subset names (ABCDEF+Name) and embedded programs. */
function fontsOf(bytes: Buffer) {
  const s = bytes.toString('latin1');
  return {
    // The Type0 font and its descendant CIDFont both name the subset.
    subsets: [...new Set([...s.matchAll(/\/BaseFont \/([A-Z]{6}\+[\w-]+)/g)].map((m) => m[1]))],
    embedded: (s.match(/\/FontFile2 /g) ?? []).length,
  };
}

// Issue 18, "done means": the issuer's template and transcript (issuer API), then in the browser
// the recipient's tab, detail, PDF download and publishing, and a visitor verifying that PDF.
for (const [lang, c] of [
  ['ja', ja as Catalogue],
  ['th', th as Catalogue],
] as const) {
  test(`${lang}: the downloaded PDF has text, embedded fonts and its credential, and a visitor verifies it`, async ({
    page,
    browser,
    problems,
  }) => {
    test.setTimeout(90_000);
    const h = await holder(lang);
    await printed(h.doc);
    await signIn(page, h.token);
    await page.goto(`${BASE}/assertions?language=${lang}`);
    await page.getByRole('link', { name: c.wallet.tab_certificates }).click();
    await page.locator('.certificate-row').getByRole('link', { name: h.text.title }).click();
    await hydrated(page, 'CertificateActions');
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: c.certificates.download_pdf }).click();
    const file = await saved;
    const pdfPath = (await file.path()) ?? '';
    const bytes = await readFile(pdfPath);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Text a reader can copy: the heading, the name and a course, in the document's own script.
    const text = (await pdfPageText(bytes)).map((shown) => shown.text).join('');
    for (const part of [h.text.heading, h.text.course]) expect(text).toContain(part);
    expect(text.replace(/\s/g, '')).toContain(h.text.name.replace(/\s/g, ''));
    const fonts = fontsOf(bytes);
    expect(fonts.subsets.length).toBeGreaterThanOrEqual(2);
    expect(fonts.embedded).toBe(fonts.subsets.length);
    const [jws] = await attachedCredentials(bytes);
    expect(jws).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    await page.getByRole('button', { name: c.detail.make_public }).click();
    await expect(page.getByRole('status').filter({ hasText: c.certificates.is_public })).toBeVisible();

    // Someone the PDF was emailed to, without an account and without JavaScript, checks it.
    const anonymous = await browser.newContext({ javaScriptEnabled: false });
    const visitor = await anonymous.newPage();
    await visitor.goto(`${BASE}/verification?language=${lang}`);
    await visitor.getByLabel(c.certificate_pdf.verify_file).setInputFiles(pdfPath);
    await visitor.getByRole('button', { name: c.verify.submit, exact: true }).click();
    const result = visitor.getByRole('region', { name: c.verify.result });
    // Its PDF carries a certificate issued here: the result says "certificate" (issue 35).
    await expect(result.getByRole('status')).toHaveText(c.verify.certificate_pass);

    // Issue 33: the same PDF with its credential's issue date changed says it was altered, and
    // shows nothing of it as verified.
    const forged = join(tmpdir(), `forged-${h.doc}.pdf`);
    await writeFile(
      forged,
      await reembed(bytes, 'credential.jws', withClaim(jws ?? '', 'issuedOn', '2020-01-01T00:00:00Z')),
    );
    await visitor.goto(`${BASE}/verification?language=${lang}`);
    await visitor.getByLabel(c.certificate_pdf.verify_file).setInputFiles(forged);
    await visitor.getByRole('button', { name: c.verify.submit, exact: true }).click();
    await expect(result.getByRole('status')).toHaveText(c.verify.altered);
    await expect(result.getByText(c.verify.code.E179)).toBeVisible();
    await expect(result.locator('.verify-success')).toHaveCount(0);
    await anonymous.close();
    expect(problems).toEqual([]);
  });
}

test('the list without certificates shows its empty state, and needs a session', async ({ page, problems }) => {
  const res = await page.goto(`${BASE}/acaddocs?language=en`);
  expect(new URL(page.url()).pathname).toBe(`${BASE}/login`);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${BASE}/acaddocs?language=en`);
  expect(res?.status()).toBe(200);
  const email = `certs-empty-${Date.now()}@example.test`;
  const id = String(
    await registerAndActivate(ORIGIN, { email, password: 'Kestrel#Wing42', firstName: 'Ada', lastName: 'Lovelace' }),
  );
  await signIn(page, await startSessionFor(id));
  await page.goto(`${BASE}/acaddocs?language=en`);
  await expect(page.getByText(en.certificates.empty)).toBeVisible();
  // Someone else's certificate is "not found", whatever its id.
  const other = await page.goto(`${BASE}/acaddocs/detail/no-such-certificate`);
  expect(other?.status()).toBe(404);
  expect(problems).toEqual([]);
});

test('th: the PDF button says, translated, that the PDF is still being made, then saves it once ready', async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(60_000);
  const h = await holder('th');
  const c = th as Catalogue;
  // Printing runs in the background: once it is done, hold the document in "being made" again to
  // see the spec §8 message, then let it be ready.
  await expect(async () => {
    const [row] = await devSql(ORIGIN, `SELECT pdf_state FROM acad_docs WHERE id = '${h.doc}'`);
    expect(row?.['pdf_state']).toBe('ready');
  }).toPass({ timeout: 30_000 });
  await devSql(ORIGIN, `UPDATE acad_docs SET pdf_state = 'pending' WHERE id = '${h.doc}'`);
  await signIn(page, h.token);
  await page.goto(`${BASE}/acaddocs/detail/${h.doc}?language=th`);
  await hydrated(page, 'CertificateActions');
  await page.getByRole('button', { name: c.certificates.download_pdf }).click();
  await expect(page.getByText(c.errors.E409117)).toBeVisible();
  await page.getByRole('button', { name: c.common.close }).click();
  await devSql(ORIGIN, `UPDATE acad_docs SET pdf_state = 'ready' WHERE id = '${h.doc}'`);
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: c.certificates.download_pdf }).click();
  const file = await saved;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await file.path()) ?? '');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // Without JavaScript the button is a form whose answer is the file itself.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await signIn(plain, h.token);
  await plain.goto(`${BASE}/acaddocs/detail/${h.doc}?language=th`);
  const viaForm = plain.waitForEvent('download');
  await plain.getByRole('button', { name: c.certificates.download_pdf }).click();
  expect(await readFile((await (await viaForm).path()) ?? '')).toEqual(bytes);
  await noJs.close();
  // A 409 answer is the expected outcome of the first click, not a page problem.
  expect(problems.filter((p) => !p.includes('409') || !p.includes('/AdAssertion/Download/pdf'))).toEqual([]);
});
