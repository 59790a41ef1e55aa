import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import { devSql } from '../../scripts/lib/dev-sql.mjs';
import { issuerApi } from '../../scripts/lib/issuer-api.mjs';
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { referenceVerify } from '../support/cert-verifier';
import { nightlyRun } from './anchor';
import { expect, hydrated, signIn, test } from './fixtures';
import { startSessionFor } from './session';

const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';
const HEART = 'tests/fixtures/conformance/concentricsky-openbadges-bakery/public_domain_heart.png';

// Issue 19, "done means": a blockchain badge received in the browser waits in Receiving, the
// nightly run anchors it on the local chain, it reaches the badge list with a "process completed"
// notification, and its downloaded certificate passes both the reference verifier and ours.
test('a blockchain badge: received, anchored overnight, in the list with a notification, verified by cert-verifier-js and by the verify page', async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(150_000);
  const email = `bc-journey-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const id = String(
    await registerAndActivate(ORIGIN, { email, password: 'Kestrel#Wing42', firstName: 'Ada', lastName: 'Okafor' }),
  );
  const demo = JSON.parse(readFileSync('.wrangler/demo.json', 'utf8')) as { issuers: { api_key: string }[] };
  const key = demo.issuers[0]?.api_key ?? '';
  const name = `Ledger Basics ${Date.now().toString(36)}`;
  const cls = (await issuerApi(ORIGIN, '/badge-classes', key, {
    name,
    description: 'Kept a ledger for a term.',
    image: readFileSync(HEART).toString('base64'),
    criteria_narrative: 'Finish the course.',
  })) as { badge_class_id: string };
  const award = (await issuerApi(ORIGIN, '/awards', key, {
    badge_class_id: cls.badge_class_id,
    recipients: [email],
    blockchain: true,
  })) as { assertions: { assertion_id: string }[] };
  const badge = award.assertions[0]?.assertion_id ?? '';

  // Received in the browser: a blockchain badge goes to Receiving, not to the list (spec §4).
  await signIn(page, await startSessionFor(id));
  await page.goto(`${BASE}/assertions?tab=receiving&language=en`);
  await hydrated(page, 'BadgeList');
  const card = page.locator('.badge-card').filter({ hasText: name });
  await card.getByRole('button', { name: en.wallet.receive, exact: true }).click();
  await expect(async () => {
    const [row] = await devSql(ORIGIN, 'SELECT accept_status FROM assertions WHERE id = ?', [badge]);
    expect(row?.['accept_status']).toBe(1);
  }).toPass({ timeout: 15_000 });
  await page.goto(`${BASE}/assertions?language=en`);
  await expect(page.locator('.badge-card').filter({ hasText: name })).toHaveCount(0);
  await page.goto(`${BASE}/assertions/detail/${badge}?language=en`);
  const section = page.locator('section.blockchain-certificate');
  await expect(section.getByRole('status')).toHaveText(en.blockchain.processing);

  // The nightly run: one transaction on the local chain, then the proofs.
  await expect
    .poll(
      async () => {
        await nightlyRun();
        const [row] = await devSql(ORIGIN, 'SELECT accept_status FROM assertions WHERE id = ?', [badge]);
        return row?.['accept_status'];
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(2);
  await page.goto(`${BASE}/assertions?language=en`);
  await expect(page.locator('.badge-card').filter({ hasText: name })).toHaveCount(1);
  await hydrated(page, 'NotificationBell');
  await page.getByRole('button', { name: en.header.notifications_unread, exact: true }).click();
  const panel = page.getByRole('region', { name: en.notifications.panel_title });
  await panel.getByRole('tab', { name: en.notifications.tab_completed }).click();
  await expect(panel.locator('.notice-item').first()).toContainText(
    en.notifications.receiving_settled.replace('{{count}}', '1'),
  );

  // The blockchain certificate, downloaded from the detail page.
  await page.goto(`${BASE}/assertions/detail/${badge}?language=en`);
  await expect(section).toHaveAttribute('data-state', 'anchored');
  await section.getByRole('button', { name: en.blockchain.download }).scrollIntoViewIfNeeded();
  await hydrated(page, 'BlockchainDownload');
  const saved = page.waitForEvent('download');
  await section.getByRole('button', { name: en.blockchain.download }).click();
  const filePath = (await (await saved).path()) ?? '';
  const credential = JSON.parse(await readFile(filePath, 'utf8')) as Record<string, unknown>;

  // The reference verifier, reading the local chain: every step passes.
  const reference = await referenceVerify(credential);
  expect(reference.failed).toEqual([]);
  expect(reference.status).toBe('success');

  // Anyone, without an account or JavaScript, verifies the same file on the verify page.
  const anonymous = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await anonymous.newPage();
  await visitor.goto(`${BASE}/verification?language=en`);
  await visitor.locator('input[type="file"][name="image"]').setInputFiles(filePath);
  await visitor.getByLabel(en.verify.email).fill(email);
  await visitor.getByRole('button', { name: en.verify.submit, exact: true }).click();
  const result = visitor.getByRole('region', { name: en.verify.result });
  await expect(result.getByRole('status')).toHaveText(en.verify.pass);
  await anonymous.close();
  expect(problems).toEqual([]);
});
