import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import th from '../../src/i18n/locales/th.json' with { type: 'json' };
import { issuerApi } from '../../scripts/lib/issuer-api.mjs';
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { expect, expectNoAxeViolations, hydrated, signIn, test } from './fixtures';
import { startSessionFor } from './session';

type Catalogue = typeof en;
const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';

/** A new recipient in `lang` with three badges awarded by the demo issuer (award mails sent). */
async function recipient(lang: string, names: string[]) {
  const email = `journey-${lang}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const id = String(
    await registerAndActivate(ORIGIN, {
      email,
      password: 'Kestrel#Wing42',
      firstName: 'Ploy',
      lastName: 'Srisuk',
      language: lang,
    }),
  );
  const demo = JSON.parse(readFileSync('.wrangler/demo.json', 'utf8')) as { issuers: { api_key: string }[] };
  const key = demo.issuers[0]?.api_key ?? '';
  for (const name of names) {
    const bc = (await issuerApi(ORIGIN, '/badge-classes', key, {
      name,
      description: `${name}: the journey test.`,
      image: readFileSync('public/favicon.svg').toString('base64'),
      criteria_narrative: 'Finish the journey.',
      tags: ['Journey'],
    })) as { badge_class_id: string };
    await issuerApi(ORIGIN, '/awards', key, { badge_class_id: bc.badge_class_id, recipients: [email] });
  }
  return { id, email, token: await startSessionFor(id) };
}

/** The receive link of the award mail for `badge`, read in the dev mailbox as a person would. */
async function receiveLink(page: Page, c: Catalogue, to: string, badge: string) {
  const mail = page.locator('article.mail').filter({ has: page.getByRole('heading', { name: new RegExp(badge) }) });
  await expect(async () => {
    await page.goto(`${BASE}/dev/mailbox?to=${encodeURIComponent(to)}&language=${c.mail.lang}`);
    await expect(page.getByRole('heading', { level: 1, name: c.dev_mailbox.title })).toBeVisible();
    await expect(mail).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  return (await mail.locator('.mail-body a').first().getAttribute('href')) ?? '';
}

for (const [lang, c] of [
  ['en', en],
  ['th', th as Catalogue],
] as const) {
  test(`${lang}: receive by mail link, receive all, hide, publish, share by QR, download, make private`, async ({
    page,
    browser,
    problems,
  }) => {
    test.setTimeout(120_000);
    const [byLink, byAll, hidden] = [`Comet ${lang} Link`, `Comet ${lang} All`, `Comet ${lang} Hidden`];
    const r = await recipient(lang, [byLink, byAll, hidden]);

    // 1. The mail link works logged out: the badge shows, and Receive puts it in the wallet.
    const link = await receiveLink(page, c, r.email, byLink);
    expect(link).toMatch(/\/ns\/portal\/openbadge\/receive\/[A-Za-z0-9_-]{43}$/);
    await page.goto(`${link}?language=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: c.receive.title })).toBeVisible();
    await expect(page.getByText(byLink)).toBeVisible();
    await hydrated(page, 'ReceiveByLink');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: c.receive.submit, exact: true }).click();
    await expect(page.getByRole('heading', { name: c.receive.done_heading })).toBeVisible();
    await page.reload();
    await expect(page.getByText(c.errors.E409103)).toBeVisible();

    // 2. Signed in: hide one, receive all (the other one).
    await signIn(page, r.token);
    await page.goto(`${BASE}/assertions?tab=receiving&language=${lang}`);
    await hydrated(page, 'BadgeList');
    const cards = page.locator('.badge-card');
    await expect(cards).toHaveCount(2);
    await cards.filter({ hasText: hidden }).getByRole('button', { name: c.wallet.hide }).click();
    await expect(cards).toHaveCount(1);
    await page.getByRole('button', { name: c.wallet.receive_all }).click();
    await expect(page.getByText(c.wallet.no_badge_data)).toBeVisible();
    await page.goto(`${BASE}/assertions`);
    await expect(cards).toHaveCount(2);
    await expect(page.getByText(hidden)).toHaveCount(0);

    // 3. Publish one and share it by QR code.
    await page.getByRole('link', { name: new RegExp(byAll) }).click();
    await hydrated(page, 'BadgeActions');
    await page.getByRole('button', { name: c.detail.make_public }).click();
    await expect(page.getByRole('status').filter({ hasText: c.detail.is_public })).toBeVisible();
    await page.getByRole('button', { name: c.share.open, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: c.share.title });
    await expect(dialog).toBeVisible();
    const qr = dialog.getByRole('img', { name: c.share.qr_alt });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const publicUrl = await dialog.getByLabel(c.share.url).inputValue();
    expect(publicUrl).toMatch(/^http:\/\/127\.0\.0\.1:8787\/ns\/portal\/openbadge\/public\/assertions\/detail\//);
    const linkedIn = new URL(
      (await dialog.getByRole('link', { name: c.share.linkedin_profile }).getAttribute('href')) ?? '',
    );
    expect(linkedIn.searchParams.get('name')).toBe(byAll);
    expect(linkedIn.searchParams.get('certUrl')).toBe(publicUrl);
    await expectNoAxeViolations(page);
    const qrFile = page.waitForEvent('download');
    await dialog.getByRole('button', { name: c.share.download_qr }).click();
    expect((await qrFile).suggestedFilename()).toBe(`qrcode_${byAll.replaceAll(' ', '_')}.png`);
    await dialog.getByRole('button', { name: c.common.close }).click();
    await expect(dialog).toBeHidden();

    // 4. Downloads: the baked PNG, the JSON and the PDF certificate, named by the patterns.
    // The downloads island hydrates when it comes into view (client:visible): bring it there, as a
    // person scrolls to it, instead of relying on where the page happens to be scrolled.
    await page.getByRole('heading', { level: 2, name: c.download.heading }).scrollIntoViewIfNeeded();
    await hydrated(page, 'Downloads');
    const slug = byAll.replaceAll(' ', '_');
    for (const [label, pattern, magic] of [
      [c.download.image, new RegExp(`^badge_${slug}_\\d{8}\\.svg$`), '<svg'],
      [c.download.json, new RegExp(`^badge_${slug}_\\d{8}\\.json$`), '{'],
      [c.download.pdf, new RegExp(`^certificate_${slug}_\\d{8}\\.pdf$`), '%PDF-'],
    ] as const) {
      const file = page.waitForEvent('download');
      await page.getByRole('button', { name: label, exact: true }).click();
      const d = await file;
      expect(d.suggestedFilename()).toMatch(pattern);
      const saved = readFileSync((await d.path()) ?? '', 'utf8');
      expect(saved.startsWith(magic)).toBe(true);
    }
    // Issue 21: the same badge as an Open Badges 3.0 credential, as JSON and baked into a PNG.
    for (const [label, ext] of [
      [c.download.ob3_json, 'json'],
      [c.download.ob3_image, 'png'],
    ] as const) {
      const file = page.waitForEvent('download');
      await page.getByRole('button', { name: label, exact: true }).click();
      const d = await file;
      expect(d.suggestedFilename()).toMatch(new RegExp(`^badge_ob3_${slug}_\\d{8}\\.${ext}$`));
      const saved = readFileSync((await d.path()) ?? '');
      if (ext === 'json')
        expect((JSON.parse(saved.toString('utf8')) as { type: string[] }).type).toContain('OpenBadgeCredential');
      else
        expect([saved.subarray(1, 4).toString('latin1'), saved.includes('openbadgecredential')]).toEqual(['PNG', true]);
    }

    // 5. Logged out with JavaScript off (a crawler): the full page and its share image.
    const anonymous = await browser.newContext({ javaScriptEnabled: false });
    const visitor = await anonymous.newPage();
    expect((await visitor.goto(`${publicUrl}?language=${lang}`))?.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1, name: byAll })).toBeVisible();
    await expect(visitor.getByText(`${byAll}: the journey test.`)).toBeVisible();
    const ogImage = (await visitor.locator('meta[property="og:image"]').getAttribute('content')) ?? '';
    const image = await visitor.request.get(ogImage);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    expect((await image.body()).readUInt32BE(16)).toBe(1200);

    // The visitor verifies it from the page, still without JavaScript: all four items pass.
    await visitor.getByRole('button', { name: c.verify.verify_this }).click();
    await expect(visitor.getByRole('heading', { name: c.verify.result })).toBeVisible();
    await expect(visitor.getByRole('status').filter({ hasText: c.verify.pass })).toBeVisible();
    await expect(visitor.locator('.verify-success')).toHaveCount(4);
    await expect(visitor.getByText('Ploy Srisuk')).toBeVisible();
    await expect(visitor.getByText(r.email)).toHaveCount(0);

    // 6. Private again: the public page and the share image are gone at once.
    await page.getByRole('button', { name: c.detail.make_private }).click();
    await expect(page.getByRole('status').filter({ hasText: c.detail.is_private })).toBeVisible();
    expect((await visitor.goto(`${publicUrl}?language=${lang}`))?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { name: c.detail.private_heading })).toBeVisible();
    expect((await visitor.request.get(ogImage)).status()).toBe(404);
    await anonymous.close();
    expect(problems).toEqual([]);
  });
}
