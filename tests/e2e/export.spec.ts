import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { readZip } from '../support/read-zip';
import { expect, expectNoAxeViolations, signIn, test } from './fixtures';
import { startDemoSession, startSessionFor } from './session';

/**
 * Issue 22, the browser "Done means" for the export: the demo wallet exported from settings (a
 * plain form), its index.html opened from the unpacked ZIP offline (file://, nothing fetched from
 * anywhere else), and the ZIP imported into a fresh account through the same page, which reports
 * the demo's badges as issued to another address (they are the demo account's, not the new one's).
 */
const ORIGIN = 'http://127.0.0.1:8787';
const PAGE = '/ns/portal/openbadge/setting/export';

test('export the demo wallet, read index.html offline, import the ZIP into a fresh account', async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(300_000);
  await signIn(page, await startDemoSession());
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: en.export.title })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: en.export.start }).click();
  // The page refreshes itself while the ZIP is built; wait for the ready state.
  await expect(page.locator('[data-export-status="ready"]')).toBeVisible({ timeout: 240_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: en.export.download }).click(),
  ]);
  const zip = new Uint8Array(readFileSync(await download.path()));
  const files = await readZip(zip);
  expect(files.has('index.html')).toBe(true);
  expect([...files.keys()].some((n) => n.startsWith('badges/') && /badge-baked\.(png|svg)$/.test(n))).toBe(true);

  // Unpacked and opened offline: every request the page makes stays inside the folder.
  const dir = mkdtempSync(join(tmpdir(), 'lanyard-export-'));
  for (const [name, bytes] of files) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), bytes);
  }
  const offline = await browser.newContext({ offline: true });
  const reader = await offline.newPage();
  const requested: string[] = [];
  reader.on('request', (r) => requested.push(r.url()));
  await reader.goto(pathToFileURL(join(dir, 'index.html')).href);
  await expect(reader.getByRole('heading', { level: 1, name: en.export.index.title })).toBeVisible();
  await expect(reader.getByRole('heading', { name: new RegExp(en.export.index.badges) })).toBeVisible();
  expect(requested.every((u) => u.startsWith('file://'))).toBe(true);
  const firstBadge = reader.locator('a[href*="badge-baked."]').first();
  await firstBadge.click();
  await expect(reader).toHaveURL(/badge-baked\.(png|svg)$/);
  await offline.close();

  // A fresh account imports it: the demo's badges are counted as someone else's, none written.
  const email = `export-${Date.now()}@example.test`;
  const id = String(
    await registerAndActivate(ORIGIN, { email, password: 'Heron#Lake2026', firstName: 'Ren', lastName: 'Sato' }),
  );
  await page.context().clearCookies();
  await signIn(page, await startSessionFor(id));
  await page.goto(PAGE);
  await page
    .getByLabel(en.export.import_file)
    .setInputFiles({ name: 'wallet.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  await page.getByRole('button', { name: en.export.import_submit }).click();
  const result = page.locator('[data-import-result]');
  await expect(result).toBeVisible({ timeout: 120_000 });
  await expect(result).toContainText(en.export.import_foreign);
  const found = Number(await result.locator('dd').nth(0).textContent());
  const foreign = Number(await result.locator('dd').nth(2).textContent());
  expect(found).toBeGreaterThan(0);
  expect(foreign).toBeGreaterThan(0);
  expect(Number(await result.locator('dd').nth(1).textContent())).toBe(0);
  expect(problems).toEqual([]);
});
