import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { unbake } from '../../src/server/openbadges/baking';
import { dccVerify, realFetch, step } from '../support/dcc-verify';
import { expect, hydrated, test } from './fixtures';

type Obj = Record<string, unknown>;

/*
 * Issue 21's browser "Done means" for issued credentials: a Lanyard award, received in the wallet
 * and downloaded as OB 3.0 (JSON and baked PNG) through the detail page's menu in Chromium,
 * verifies in the independent verifier (DCC verifier-core) and on Lanyard's verify page; once the
 * issuer revokes it, both verifiers say revoked for the very same files. Nothing is written to the
 * database behind the Worker: the account is made by registration, the session by logging in.
 */
const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';
const ADMIN = 'lanyard-dev-admin-token';
const HEART = 'tests/fixtures/conformance/concentricsky-openbadges-bakery/public_domain_heart.png';
const PASSWORD = 'Osprey#Dune2026';

async function issuer(path: string, token: string, body: unknown) {
  const res = await realFetch(`${ORIGIN}/api/issuer/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Obj & { status: number };
  expect(json.status, `${path}: ${JSON.stringify(json['errors'])}`).toBe(200);
  return json;
}

/** Logs in through the login page, as the person would. */
async function logIn(page: Page, email: string) {
  await page.goto(`${BASE}/login?language=en`);
  await page.getByLabel(en.login.email).fill(email);
  await page.getByRole('button', { name: en.login.next }).click();
  await page.getByLabel(en.login.password).fill(PASSWORD);
  await page.getByRole('button', { name: en.login.submit }).click();
  await expect(page.getByRole('button', { name: new RegExp(en.header.account_menu) })).toBeVisible();
}

/** Lanyard's public verify page, in the browser, for a file (baked image) or pasted JSON. */
async function verifyOnPage(page: Page, input: { png: Buffer } | { json: string }, email: string) {
  await page.goto(`${BASE}/verification?language=en`);
  if ('png' in input)
    await page
      .getByLabel(en.certificate_pdf.verify_file)
      .setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: input.png });
  else await page.getByLabel(en.verify.json).fill(input.json);
  await page.getByRole('textbox', { name: en.verify.email }).fill(email);
  await page.getByRole('button', { name: en.verify.submit, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: en.verify.result })).toBeVisible();
}

test('a Lanyard award downloaded as OB 3.0 verifies in verifier-core and the verify page; once revoked both say revoked', async ({
  page,
  problems,
}) => {
  test.setTimeout(180_000);
  // 1. An issuer awards a badge to a wallet user, who logs in and receives it.
  const made = await issuer('/issuers', ADMIN, {
    name: 'Done Means Academy · 完了の学校',
    url: 'https://done.example',
    email: 'badges@done.example',
  });
  const key = made['api_key'] as string;
  const name = `Harbour pilotage ${Date.now().toString(36)}`;
  const cls = await issuer('/badge-classes', key, {
    name,
    description: 'Bring a ship safely into harbour.',
    image: readFileSync(HEART).toString('base64'),
    criteria_narrative: 'Pilot three ships in.',
    tags: ['Done'],
  });
  const email = `ob3-done-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  await registerAndActivate(ORIGIN, { email, password: PASSWORD, firstName: 'Ana', lastName: 'Ferreira' });
  const award = await issuer('/awards', key, { badge_class_id: cls['badge_class_id'], recipients: [email] });
  const [{ assertion_id: id }] = award['assertions'] as [{ assertion_id: string }];

  await logIn(page, email);
  await page.goto(`${BASE}/assertions?tab=receiving&language=en`);
  await hydrated(page, 'BadgeList');
  await expect(page.locator('.badge-card').filter({ hasText: name })).toHaveCount(1);
  await page.getByRole('button', { name: en.wallet.receive_all }).click();
  await expect(page.getByText(en.wallet.no_badge_data)).toBeVisible();
  await page.goto(`${BASE}/assertions?language=en`);
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // 2. Both OB 3.0 files through the download menu, as Chromium saves them.
  await page.getByRole('heading', { level: 2, name: en.download.heading }).scrollIntoViewIfNeeded();
  await hydrated(page, 'Downloads');
  const saved: Buffer[] = [];
  for (const label of [en.download.ob3_json, en.download.ob3_image]) {
    const file = page.waitForEvent('download');
    await page.getByRole('button', { name: label, exact: true }).click();
    saved.push(readFileSync((await (await file).path()) ?? ''));
  }
  const [jsonFile, pngFile] = saved as [Buffer, Buffer];
  const credential = JSON.parse(jsonFile.toString('utf8')) as Obj;
  expect(credential['type']).toContain('OpenBadgeCredential');
  // The PNG carries the same signed credential, baked the OB 3.0 way (iTXt openbadgecredential).
  const unbaked = unbake(new Uint8Array(pngFile));
  expect([unbaked.format, unbaked.ob3]).toEqual(['png', true]);
  const fromPng = JSON.parse(unbaked.payload) as Obj;
  expect(fromPng).toEqual(credential);

  // 3. Valid for verifier-core (did:web and status list read from this Worker) and for Lanyard.
  for (const c of [credential, fromPng]) {
    const r = await dccVerify(c);
    expect(r.errors).toBeUndefined();
    expect([step(r, 'valid_signature'), step(r, 'expiration'), step(r, 'revocation_status')]).toEqual([
      true,
      true,
      true,
    ]);
  }
  const verdict = page.getByRole('status');
  const checkedAt = Date.now();
  for (const input of [{ png: pngFile }, { json: jsonFile.toString('utf8') }]) {
    await verifyOnPage(page, input, email);
    await expect(verdict).toHaveText(en.verify.pass);
    await expect(page.locator('.verify-success')).toHaveCount(4);
    await expect(page.getByText(name).first()).toBeVisible();
  }

  // 4. The issuer revokes it: both verifiers say revoked for the same files.
  await issuer(`/assertions/${id}/revoke`, key, { reason: 'Awarded by mistake' });
  for (const c of [credential, fromPng]) {
    const r = await dccVerify(c);
    expect(step(r, 'valid_signature')).toBe(true);
    expect(step(r, 'revocation_status')).toBe(false);
  }
  // Lanyard keeps a verification result (and a status list) 60 seconds per isolate and documents
  // that a revocation shows within that minute (src/server/verify/cache.ts): the page is asked
  // again, as a person presses Verify again, until it says revoked, and never past that minute.
  for (const input of [{ png: pngFile }, { json: jsonFile.toString('utf8') }]) {
    await expect(async () => {
      await verifyOnPage(page, input, email);
      await expect(verdict).toHaveText(en.verify.revoked, { timeout: 1_000 });
    }).toPass({ intervals: [5_000], timeout: checkedAt + 75_000 - Date.now() });
    await expect(verdict).toHaveClass(/verdict-fail/);
    const finding = page.locator('.verify-findings li').filter({ has: page.locator('code', { hasText: 'E999' }) });
    await expect(finding).toContainText(en.verify.code.E999);
  }
  expect(problems).toEqual([]);
});
