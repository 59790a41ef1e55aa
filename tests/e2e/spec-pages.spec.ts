import type { Page } from '@playwright/test';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { devBatch, devSql } from '../../scripts/lib/dev-sql.mjs';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { dejaVuOnly, drawnWith, SCRIPT_FAMILY } from './dejavu-only';
import { ONE_PER_SCRIPT } from './script-families';

/*
 * Issue 20, item 6: the spec's last two anonymous pages in a browser, without JavaScript, in one
 * language of each script family (script-families.ts says why those are enough): /email/verification/{token} (an added address verified by link) and
 * /verify/emailnotification (mail reception settings from a mail's footer link). As in
 * web-fonts.spec.ts, Chromium knows only DejaVu here, so every non-Latin glyph must come from the
 * bundled web fonts (no tofu). Data is written through the running Worker (devSql).
 */
test.use({
  javaScriptEnabled: false,
  launchOptions: dejaVuOnly(),
});

const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';
const catalogue = (lang: string) =>
  JSON.parse(readFileSync(`src/i18n/locales/${lang}.json`, 'utf8')) as {
    settings: { email_link: Record<string, string>; mail_reception: Record<string, string> };
  };
const newToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: createHash('sha256').update(token).digest('hex') };
};

/** A fresh account with a verified address (and, for the link page, a pending second one). */
async function account() {
  const id = `e2e-${randomBytes(8).toString('hex')}`;
  const email = `${id}@example.test`;
  const now = Date.now();
  await devBatch(ORIGIN, [
    {
      sql: `INSERT INTO accounts (id, status, first_name, last_name, service_country, language, created_at, updated_at)
            VALUES (?, 'active', 'Hanako', 'Yamada', 1, 'en', ?, ?)`,
      params: [id, now, now],
    },
    {
      sql: `INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at)
            VALUES (?, ?, ?, ?, ?, 1, ?)`,
      params: [`${id}-e`, id, email, email, now, now],
    },
  ]);
  return { id, email };
}

/** A mail footer's reception link for an account, valid an hour, written through the running Worker. */
async function mailPrefsLink(acct: { id: string; email: string }) {
  const link = newToken();
  const now = Date.now();
  await devSql(
    ORIGIN,
    `INSERT INTO link_tokens (token_hash, purpose, account_id, subject, expires_at, created_at)
     VALUES (?, 'mail_prefs', ?, ?, ?, ?)`,
    [link.hash, acct.id, acct.email, now + 3_600_000, now],
  );
  return link;
}

async function expectDrawn(page: Page, lang: string) {
  const family = SCRIPT_FAMILY[lang];
  if (!family) return;
  await page.waitForLoadState('networkidle');
  const drawn = await drawnWith(page, 'h1');
  expect(
    drawn.some((f) => f.startsWith(family) && f.endsWith('(web)')),
    drawn.join(', '),
  ).toBe(true);
}

for (const lang of ONE_PER_SCRIPT) {
  test(`email verification by link, without JavaScript (${lang})`, async ({ page, problems }) => {
    const t = catalogue(lang).settings.email_link;
    const { id } = await account();
    const extra = `${id}-second@example.test`;
    const link = newToken();
    const now = Date.now();
    await devBatch(ORIGIN, [
      {
        sql: `INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at)
              VALUES (?, ?, ?, ?, NULL, 0, ?)`,
        params: [`${id}-p`, id, extra, extra, now],
      },
      {
        sql: `INSERT INTO link_tokens (token_hash, purpose, account_id, subject, expires_at, created_at)
              VALUES (?, 'email_verification', ?, ?, ?, ?)`,
        params: [link.hash, id, extra, now + 3_600_000, now],
      },
    ]);
    await page.goto(`${BASE}/email/verification/${link.token}?language=${lang}`);
    await expect(page.locator('h1')).toHaveText(t['title'] ?? '');
    await expectDrawn(page, lang);
    await page.getByRole('button', { name: t['submit'] }).click();
    await expect(page.locator('h1')).toHaveText(t['done_heading'] ?? '');
    const [row] = await devSql(ORIGIN, 'SELECT verified_at FROM account_emails WHERE email_normalized = ?', [extra]);
    expect(row?.['verified_at']).toBeTruthy();
    // The same link again: "already used" as soon as it is opened, with its status and no button
    // (issue 35, item 5).
    const again = await page.goto(`${BASE}/email/verification/${link.token}?language=${lang}`);
    expect(again?.status()).toBe(409);
    await expect(page.locator('h1')).toHaveText(t['used_heading'] ?? '');
    await expect(page.getByRole('button', { name: t['submit'] })).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test(`mail reception settings from a mail's link, without JavaScript (${lang})`, async ({ page, problems }) => {
    const t = catalogue(lang).settings.mail_reception;
    const acct = await account();
    const link = await mailPrefsLink(acct);
    await page.goto(`${BASE}/verify/emailnotification?token=${link.token}&language=${lang}`);
    await expect(page.locator('h1')).toHaveText(t['title'] ?? '');
    await expectDrawn(page, lang);
    // The address is masked; the raw address is nowhere on the page.
    await expect(page.locator('main')).toContainText('***@example.test');
    expect(await page.content()).not.toContain(acct.email);
    await page.getByLabel(t['info_label'] ?? '').uncheck();
    await page.getByRole('button', { name: t['submit'] }).click();
    await expect(page.getByRole('status')).toHaveText(t['saved'] ?? '');
    const [row] = await devSql(
      ORIGIN,
      'SELECT receive_badge_mail AS b, receive_info_mail AS i FROM accounts WHERE id = ?',
      [acct.id],
    );
    expect(row).toEqual({ b: 1, i: 0 });
    // Opened again: the link was spent by the save.
    const used = await page.goto(`${BASE}/verify/emailnotification?token=${link.token}&language=${lang}`);
    expect(used?.status()).toBe(409);
    await expect(page.locator('h2')).toHaveText(t['used_heading'] ?? '');
    const unknown = await page.goto(`${BASE}/verify/emailnotification?token=${'z'.repeat(43)}&language=${lang}`);
    expect(unknown?.status()).toBe(404);
    await expect(page.locator('h2')).toHaveText(t['unknown_heading'] ?? '');
    expect(problems.filter((p) => !/^(404|409) /.test(p))).toEqual([]);
  });
}

test.describe('accessibility (WCAG 2.x A/AA, axe)', () => {
  test.use({ javaScriptEnabled: true });
  for (const lang of ['en', 'ja']) {
    test(`both pages and their outcome states have no violations (${lang})`, async ({ page }) => {
      const acct = await account();
      const link = await mailPrefsLink(acct);
      await page.goto(`${BASE}/verify/emailnotification?token=${link.token}&language=${lang}`);
      await expectNoAxeViolations(page);
      await page.goto(`${BASE}/verify/emailnotification?token=${'z'.repeat(43)}&language=${lang}`);
      await expectNoAxeViolations(page);
      await page.goto(`${BASE}/email/verification/${'z'.repeat(43)}?language=${lang}`);
      await expectNoAxeViolations(page);
    });
  }
});
