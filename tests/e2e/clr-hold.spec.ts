import { registerAndActivate } from '../../scripts/lib/register.mjs';
import ja from '../../src/i18n/locales/ja.json' with { type: 'json' };
import th from '../../src/i18n/locales/th.json' with { type: 'json' };
import { expect, expectNoAxeViolations, signIn, test } from './fixtures';
import { HOSTILE_RECORD, hostileRecord } from './clr-record';
import { startSessionFor } from './session';

/**
 * Issue 38, "done means" (the holding part), in Japanese and in Thai: another account imports
 * 1EdTech's simple.json into its certificates tab from a file, and sees it as a transcript: the
 * course with its own verdict, the achievements the record lists, how they relate in words, and
 * that the record does not show it was issued to this person. It publishes it; the public page
 * shows the same transcript without JavaScript. The Worker reaches example.edu's stand-in
 * (scripts/lib/stand-in.mjs), which, as online, serves no issuer profile.
 */
const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';
const SIMPLE = 'tests/fixtures/clr/1edtech/simple.json';

const fill = (s: string, values: Record<string, string>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

for (const [lang, c] of [
  ['ja', ja],
  ['th', th],
] as const) {
  test(`${lang}: 1EdTech's simple.json is imported into the certificates tab and read as a transcript`, async ({
    page,
    browser,
    problems,
  }) => {
    test.setTimeout(90_000);
    const email = `clr-hold-${lang}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
    const id = String(
      await registerAndActivate(ORIGIN, {
        email,
        password: 'Kestrel#Wing42',
        firstName: 'Ellis',
        lastName: 'Monday',
        language: lang,
      }),
    );
    const token = await startSessionFor(id);
    await signIn(page, token);
    await page.goto(`${BASE}/acaddocs?language=${lang}`);
    await page.getByRole('link', { name: c.records.import_link }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.records.import_title);
    await page.getByLabel(c.records.import_file).setInputFiles(SIMPLE);
    await page.getByRole('button', { name: c.records.import_submit }).click();

    // The record's page: a transcript, with what was proven and what was not.
    await expect(page).toHaveURL(/\/acaddocs\/records\/[\w-]+/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sample Transcript');
    await expect(page.getByText(c.records.learner_unbound.split('{{')[0] ?? '')).toContainText(
      'did:example:ebfeb1f712ebc6f1c276e12ec21',
    );
    await expect(
      page.getByText(fill(c.records.issuer_claimed, { name: 'Example University' }), { exact: true }),
    ).toBeVisible();
    const course = page.getByRole('row', { name: /Teamwork/ });
    await expect(course).toContainText(c.verify.self_asserted);
    const listed = page.getByRole('region', { name: c.records.listed }).getByRole('listitem');
    await expect(listed).toHaveCount(2);
    const relation = page.getByRole('region', { name: c.records.associations }).getByRole('listitem');
    await expect(relation).toHaveCount(1);
    // Told in words, with the names of what it links (the record's own names, which are English).
    const [first, second] = await listed.allTextContents();
    await expect(relation).toHaveText(fill(c.records.assoc_isParentOf, { source: first ?? '', target: second ?? '' }));
    await expectNoAxeViolations(page);
    // On a phone nothing is wider than the screen: the course table scrolls in its own box.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 720 });

    // In the list, as a learner record.
    await page.goto(`${BASE}/acaddocs?language=${lang}`);
    const row = page.getByRole('listitem').filter({ hasText: 'Sample Transcript' });
    await expect(row).toContainText(c.certificates.kind_record);
    await row.getByRole('link', { name: 'Sample Transcript' }).click();

    // Published without JavaScript; the public page reads without it and never names the learner.
    const plain = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await signIn(plain, token);
    await plain.goto(`${page.url().split('?')[0]}?language=${lang}`);
    await plain.getByRole('button', { name: c.detail.make_public }).click();
    await expect(plain.getByText(c.records.is_public)).toBeVisible();
    const address = await plain.getByLabel(c.share.url).inputValue();
    await plain.goto(`${address}?language=${lang}`);
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText('Sample Transcript');
    await expect(plain.getByRole('row', { name: /Teamwork/ })).toBeVisible();
    await expect(plain.getByText(c.records.learner_unbound_public)).toBeVisible();
    // Its issuer's name is the record's own claim: said so to crawlers too, never "recognized by".
    await expect(plain.locator('meta[property="og:description"]')).toHaveAttribute(
      'content',
      fill(c.records.og_description_claimed, { issuer: 'Example University' }),
    );
    expect(await plain.locator('script[type="application/ld+json"]').textContent()).not.toContain('recognizedBy');
    // Nowhere in the page: its verify button sends the record's id, not the record.
    expect(await plain.content()).not.toContain('did:example:ebfeb1f712ebc6f1c276e12ec21');
    // Its verify button checks the record afresh on the verify page.
    await plain.getByRole('button', { name: c.records.verify }).click();
    await expect(plain.getByRole('region', { name: c.verify.result })).toContainText('Teamwork');
    await plain.context().close();
    // The public page in a browser that runs scripts (axe needs them): no accessibility violation.
    await page.goto(`${address}?language=${lang}`);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
}

test('hostile text in a held record is shown as text, and its issuer address is never a link (XSS-01/02, HV-07)', async ({
  page,
  problems,
}) => {
  test.setTimeout(60_000);
  const email = `clr-xss-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const id = String(
    await registerAndActivate(ORIGIN, { email, password: 'Kestrel#Wing42', firstName: 'Ellis', lastName: 'Monday' }),
  );
  await signIn(page, await startSessionFor(id));
  await page.goto(`${BASE}/assertions/import?kind=record&language=en`);
  await page.getByLabel('Learner record text (CLR 2.0 JSON or JWT)').fill(hostileRecord(email));
  await page.getByRole('button', { name: 'Add to my certificates' }).click();
  await expect(page).toHaveURL(/\/acaddocs\/records\/[\w-]+/);
  const owner = page.url().split('?')[0] ?? '';
  await page.getByRole('button', { name: 'Make public' }).click();
  for (const url of [owner, owner.replace('/acaddocs/records/', '/public/acaddocs/records/')]) {
    await page.goto(`${url}?language=en`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE_RECORD.title);
    await expect(page.getByRole('row', { name: /Optics/ })).toContainText(HOSTILE_RECORD.course);
    await expect(page.getByText(HOSTILE_RECORD.school, { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.filter((h) => /^\s*(javascript|data|vbscript):/i.test(h))).toEqual([]);
  }
  expect(problems).toEqual([]);
});
