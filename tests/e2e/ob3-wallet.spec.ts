import type { Page } from '@playwright/test';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { dejaVuOnly, drawnWith, SCRIPT_FAMILY } from './dejavu-only';
import { expect, expectNoAxeViolations, hydrated, signIn, test } from './fixtures';
import { bakedOb3Badge, HOSTILE } from './ob3-credential';
import { startSessionFor } from './session';
import { ONE_PER_SCRIPT } from './script-families';

/**
 * Issue 21, the browser "Done means" for holding: an Open Badges 3.0 credential signed elsewhere,
 * baked into a PNG and issued to the person's address, is imported through the import page, shows
 * with its 3.0 details, is published, and its public page and the public verify page say valid.
 * Then the 3.0 details in the languages with their own scripts: drawn by the web fonts (no tofu).
 */
// The whole file runs in a Chromium that knows only DejaVu (a launch option is per worker).
test.use({ launchOptions: dejaVuOnly() });

const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';

async function holder(language = 'en') {
  const email = `ob3-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const id = String(
    await registerAndActivate(ORIGIN, {
      email,
      password: 'Heron#Lake2026',
      firstName: 'Mina',
      lastName: 'Okafor',
      language,
    }),
  );
  return { id, email, token: await startSessionFor(id) };
}

/** The 3.0 details every page of the badge shows, in English. */
async function expectOb3Details(page: Page) {
  const details = page.getByTestId('ob3-details');
  await expect(details.getByRole('heading', { name: en.detail.ob3.heading })).toBeVisible();
  await expect(details.getByTestId('ob3-type')).toHaveText(en.detail.ob3.type.Certificate);
  await expect(details.getByTestId('ob3-results')).toContainText('Signals sent: 10');
  const alignment = details.getByRole('link', { name: 'Maritime signalling' });
  await expect(alignment).toHaveAttribute('href', 'https://framework.example/signals');
  await expect(details.getByTestId('ob3-skills')).toHaveText('semaphore');
  await expect(page.getByRole('link', { name: 'Signal log' })).toHaveAttribute(
    'href',
    'https://lighthouse.example/evidence/7',
  );
}

test('an OB 3.0 credential signed elsewhere: imported, shown, published, and valid on its public page and the verify page', async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(120_000);
  const me = await holder();
  const name = `Flag signals ${Date.now().toString(36)}`;
  const { png } = await bakedOb3Badge(me.email, name);
  await signIn(page, me.token);

  // 1. Imported through the import page, as a baked PNG.
  await page.goto(`${BASE}/assertions/import?language=en`);
  await expect(page.getByRole('heading', { level: 1, name: en.import.title })).toBeVisible();
  await page.getByLabel(en.import.image).setInputFiles({ name: 'signals.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: en.import.submit }).click();
  await expect(page).toHaveURL(/\/assertions\/host\/detail\/[^/?]+$/);
  const id = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // Its signature was checked just now; its issuer is a did:key that signed itself, so the page says
  // the name is the credential's own claim instead of calling the badge verified (issue 33).
  await expect(page.getByTestId('host-verification')).toHaveText(
    en.detail.verification_valid_claimed.replace(
      '{{date}}',
      new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date()),
    ),
  );
  await expect(page.getByTestId('issuer-claimed')).toHaveText(en.detail.issuer_claimed);
  await expectOb3Details(page);
  await expectNoAxeViolations(page);

  // 2. In the list, found by its name.
  await page.goto(`${BASE}/assertions?language=en`);
  await hydrated(page, 'BadgeList');
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();

  // 3. Published from its page.
  await page.goto(`${BASE}/assertions/host/detail/${id}?language=en`);
  await hydrated(page, 'BadgeActions');
  await page.getByRole('button', { name: en.detail.make_public }).click();
  await expect(page.getByRole('status').filter({ hasText: en.detail.is_public })).toBeVisible();

  // 4. Its public page, to anyone: the details, and "Verify this badge" passes all four items from
  //    the stored credential, naming the holder without showing the address.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  expect((await visitor.goto(`${BASE}/public/assertions/host/detail/${id}?language=en`))?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectOb3Details(visitor);
  await expect(visitor.getByTestId('issuer-claimed')).toHaveText(en.detail.issuer_claimed);
  // The island hydrates on interaction: the click is verified either way (island or plain form).
  await visitor.getByRole('button', { name: en.verify.verify_this }).click();
  await expect(visitor.getByRole('status').filter({ hasText: en.verify.pass })).toBeVisible();
  await expect(visitor.locator('.verify-items .verify-success')).toHaveCount(3);
  // A did:key issuer that signed itself: its name is its own claim, not shown as verified (issue 33).
  await expect(visitor.locator('.verify-claimed .verify-status')).toHaveText(en.verify.self_asserted);
  await expect(visitor.getByText('Mina Okafor')).toBeVisible();
  await expect(visitor.getByText(me.email)).toHaveCount(0);

  // 5. The public verify page, given the same baked image and the address: valid.
  await visitor.goto(`${BASE}/verification?language=en`);
  await visitor.locator('input[type="file"][name="image"]').setInputFiles({
    name: 'signals.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await visitor.getByLabel(en.verify.email).fill(me.email);
  await visitor.locator('form.verify-form button[type="submit"]').click();
  await expect(visitor.getByRole('status').filter({ hasText: en.verify.pass })).toBeVisible();
  await expect(visitor.locator('.verify-items .verify-success')).toHaveCount(3);
  // A did:key issuer that signed itself: its name is its own claim, not shown as verified (issue 33).
  await expect(visitor.locator('.verify-claimed .verify-status')).toHaveText(en.verify.self_asserted);
  await visitorContext.close();
  expect(problems).toEqual([]);
});

test('the import page: pasted text that is not a badge is a translated error; a .json credential file is imported', async ({
  page,
}) => {
  const me = await holder('ja');
  await signIn(page, me.token);
  await page.goto(`${BASE}/assertions/import?language=en`);
  await page.getByLabel(en.import.credential).fill('{"hello": "world"}');
  await page.getByRole('button', { name: en.import.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(en.errors.E422100);
  await expect(page.getByLabel(en.import.credential)).toHaveValue('{"hello": "world"}');
  // A file and pasted text at once: not exactly one.
  const name = `Semaphore file ${Date.now().toString(36)}`;
  const { json } = await bakedOb3Badge(me.email, name);
  const file = { name: 'credential.json', mimeType: 'application/json', buffer: Buffer.from(json) };
  await page.getByLabel(en.import.image).setInputFiles(file);
  await page.getByRole('button', { name: en.import.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(en.errors.E400103);
  await page.getByLabel(en.import.credential).fill('');
  await page.getByLabel(en.import.image).setInputFiles(file);
  await page.getByRole('button', { name: en.import.submit }).click();
  await expect(page).toHaveURL(/\/assertions\/host\/detail\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('ob3-type')).toHaveText(en.detail.ob3.type.Certificate);
});

/** The wallet API as the signed-in page calls it. */
async function walletApi(page: Page, name: string, body: object) {
  const res = await page.request.post(`${ORIGIN}/api/v1.0/openbadge/v2/Wallet/${name}`, {
    headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
    data: body,
  });
  return (await res.json()) as { status: number; assertion_id?: string };
}

test('hostile text and links in a 3.0 credential are shown as text, never as markup or links (XSS-01/02)', async ({
  page,
  problems,
}) => {
  const me = await holder();
  const { json } = await bakedOb3Badge(me.email, `Hostile ${Date.now().toString(36)}`, true);
  await signIn(page, me.token);
  const added = await walletApi(page, 'AddBadge', { json });
  expect(added.status).toBe(200);
  expect(
    (await walletApi(page, 'SetAssertionStatus', { assertion_id: added.assertion_id, is_public: true })).status,
  ).toBe(200);
  for (const url of [
    `${BASE}/assertions/host/detail/${added.assertion_id}?language=en`,
    `${BASE}/public/assertions/host/detail/${added.assertion_id}?language=en`,
  ]) {
    await page.goto(url);
    await expect(page.getByTestId('ob3-alignments')).toContainText(HOSTILE.alignment);
    await expect(page.getByText(HOSTILE.evidence)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    // No address but http(s) is ever a link.
    const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.filter((h) => /^\s*(javascript|data|vbscript):/i.test(h))).toEqual([]);
    await expect(page.getByRole('link', { name: HOSTILE.alignment })).toHaveCount(0);
  }
  expect(problems).toEqual([]);
});

test.describe('3.0 details in every script, drawn by the web fonts (no tofu)', () => {
  // The non-Latin script families (script-families.ts); each CJK face is page-fonts.spec.ts's.
  for (const lang of ONE_PER_SCRIPT.filter((l) => l !== 'vi')) {
    test(`${lang}`, async ({ page, problems }) => {
      const me = await holder(lang);
      const { json } = await bakedOb3Badge(me.email, `Signals ${lang}`);
      await signIn(page, me.token);
      const call = (name: string, body: object) => walletApi(page, name, body);
      const added = await call('AddBadge', { json });
      expect(added.status).toBe(200);
      expect((await call('SetAssertionStatus', { assertion_id: added.assertion_id, is_public: true })).status).toBe(
        200,
      );
      await page.goto(`${BASE}/public/assertions/host/detail/${added.assertion_id}?language=${lang}`);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const family = SCRIPT_FAMILY[lang] ?? '';
      const own = new RegExp(`^${family}( \\w+)? \\(web\\)$`);
      for (const selector of ['.ob3-details h2', '.ob3-details dt', '[data-testid="ob3-type"]']) {
        const drawn = await drawnWith(page, selector);
        expect(
          drawn.some((f) => own.test(f)),
          `${selector}: ${drawn.join(', ')}`,
        ).toBe(true);
        expect(
          drawn.every((f) => f.endsWith('(web)') || /^DejaVu/.test(f)),
          drawn.join(', '),
        ).toBe(true);
      }
      expect(problems).toEqual([]);
    });
  }
});
