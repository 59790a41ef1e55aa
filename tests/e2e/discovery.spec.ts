import { readFileSync } from 'node:fs';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import zhCn from '../../src/i18n/locales/zh-cn.json' with { type: 'json' };
import { devSql } from '../../scripts/lib/dev-sql.mjs';
import { issuerApi } from '../../scripts/lib/issuer-api.mjs';
import { expect, expectNoAxeViolations, hydrated, sessions, signIn, test } from './fixtures';

type Catalogue = typeof en;
const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';
const fill = (s: string, vars: Record<string, string | number>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));

/** An issuer with 23 public badges carrying one Japanese skill, all named for this run. */
async function world(run: string) {
  const skill = `ロボット工学${run}`;
  const issuer = (await issuerApi(ORIGIN, '/issuers', 'lanyard-dev-admin-token', {
    name: `${skill}研究所`,
    url: 'https://robotics.example',
    email: 'badges@robotics.example',
  })) as { issuer_id: string; api_key: string };
  const image = readFileSync('public/favicon.svg').toString('base64');
  for (let i = 1; i <= 23; i++) {
    const bc = (await issuerApi(ORIGIN, '/badge-classes', issuer.api_key, {
      name: `Servo ${String(i).padStart(2, '0')} ${run}`,
      description: `Servo control, level ${i}.`,
      image,
      criteria_narrative: `Build servo rig number ${i}.`,
      tags: [skill, 'Control'],
    })) as { badge_class_id: string };
    await issuerApi(ORIGIN, '/awards', issuer.api_key, {
      badge_class_id: bc.badge_class_id,
      recipients: [`holder-${run}@example.test`],
    });
  }
  // The holder received them and shows them publicly, as the wallet's own calls would leave them.
  await devSql(
    ORIGIN,
    `UPDATE assertions SET accept_status = 2, is_public = 1 WHERE issuer_id = '${issuer.issuer_id}'`,
  );
  return { skill, issuerName: `${skill}研究所` };
}

for (const [lang, c] of [
  ['en', en],
  ['zh-cn', zhCn as Catalogue],
] as const) {
  test(`${lang}, logged out: search a Japanese skill, open its page, open the issuer, page through its badges, open a badge class`, async ({
    page,
    problems,
  }) => {
    test.setTimeout(90_000);
    const run = `${Date.now() % 1_000_000}`;
    const w = await world(run);

    await page.goto(`${BASE}/search?language=${lang}`);
    await expect(page.getByText(c.search.prompt)).toBeVisible();
    await hydrated(page, 'SearchResults');
    // Typing searches 500 ms after the last keystroke, without a page load.
    await page.getByLabel(c.header.search_label).pressSequentially(w.skill, { delay: 20 });
    const skillChip = page.locator('a.skill-chip').filter({ hasText: w.skill });
    await expect(skillChip).toContainText(fill(c.search.skill_count, { count: 23 }));
    await expect(page).toHaveURL(new RegExp(`search_q=${encodeURIComponent(w.skill)}`));
    await expect(page.getByRole('heading', { name: `${c.search.badges} (23)` })).toBeVisible();
    await expectNoAxeViolations(page);

    await skillChip.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fill(c.skill_page.title, { skill: w.skill }));
    await expect(page.locator('.result-card')).toHaveCount(20);
    await expectNoAxeViolations(page);

    // Back to the results: the issuers tab, then the issuer.
    await page.goBack();
    await page.getByRole('link', { name: `${c.search.issuers} (1)` }).click();
    await expect(page).toHaveURL(/tab=3/);
    await page.getByRole('link', { name: w.issuerName }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.issuerName);
    await expect(page.getByRole('heading', { name: fill(c.issuer_page.badges, { count: 23 }) })).toBeVisible();
    const cards = page.locator('.result-card');
    // Newest first: the 23rd badge leads page 1; page 2 holds the three oldest.
    await expect(cards.first()).toContainText(`Servo 23 ${run}`);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: fill(c.wallet.page_n, { page: 2 }) }).click();
    await expect(cards).toHaveCount(3);
    await expect(cards.last()).toContainText(`Servo 01 ${run}`);

    await cards.last().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Servo 01 ${run}`);
    await expect(page.getByText('Build servo rig number 1.')).toBeVisible();
    await expect(page.getByText(fill(c.class_page.holders, { count: 1 }))).toBeVisible();
    await expect(page.getByRole('link', { name: w.issuerName })).toBeVisible();
    await expect(page.getByRole('link', { name: w.skill, exact: true })).toBeVisible();
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `Servo 01 ${run}`);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
}

test('signed in: the header search bar feeds the search page as one types; clearing it resets the results', async ({
  page,
  problems,
}) => {
  const run = `${Date.now() % 1_000_000}`;
  const w = await world(run);
  await signIn(page, sessions().stay);
  await page.goto(`${BASE}/search?language=en`);
  await hydrated(page, 'SearchResults');
  // Signed in, the header's bar is the search field; the page has none of its own.
  await expect(page.getByRole('search')).toHaveCount(1);
  const bar = page.getByRole('searchbox', { name: en.header.search_label });
  await bar.pressSequentially(w.skill, { delay: 20 });
  await expect(page.getByRole('heading', { name: `${en.search.badges} (23)` })).toBeVisible();
  await page.getByRole('link', { name: `${en.search.badges} (23)` }).click();
  await expect(page.locator('.result-card')).toHaveCount(20);
  await expect(page.getByRole('link', { name: en.wallet.page_n.replace('{{page}}', '2') })).toBeVisible();
  await hydrated(page, 'SearchResults');
  await page.getByRole('searchbox', { name: en.header.search_label }).fill('');
  await expect(page.getByText(en.search.prompt)).toBeVisible();
  await expect(page.locator('.result-card')).toHaveCount(0);
  await expect(page).toHaveURL(/search_q=$/);
  expect(problems).toEqual([]);
});

test('XSS-01: markup in issuer, badge and skill names is shown as text on every discovery surface', async ({
  page,
  problems,
}) => {
  const run = `${Date.now() % 1_000_000}`;
  const evil = `<img src=x onerror=alert(1)>x${run}`;
  const issuer = (await issuerApi(ORIGIN, '/issuers', 'lanyard-dev-admin-token', {
    name: `</script><script>alert(2)</script>${run}`,
    url: 'https://evil.example',
    email: 'badges@evil.example',
  })) as { issuer_id: string; api_key: string };
  const bc = (await issuerApi(ORIGIN, '/badge-classes', issuer.api_key, {
    name: evil,
    description: `<svg/onload=alert(3)> ${run}`,
    image: readFileSync('public/favicon.svg').toString('base64'),
    criteria_narrative: `{{constructor.constructor('alert(4)')()}}`,
    tags: [`<b>skill</b>${run}`],
  })) as { badge_class_id: string };
  await issuerApi(ORIGIN, '/awards', issuer.api_key, {
    badge_class_id: bc.badge_class_id,
    recipients: [`xss-${run}@example.test`],
  });
  await devSql(
    ORIGIN,
    `UPDATE assertions SET accept_status = 2, is_public = 1 WHERE issuer_id = '${issuer.issuer_id}'`,
  );
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  await page.goto(`${BASE}/search?language=en&search_q=${encodeURIComponent(`x${run}`)}`);
  await expect(page.locator('.result-name').first()).toHaveText(evil);
  await page.goto(`${BASE}/issuers/${issuer.issuer_id}/badges/${bc.badge_class_id}?language=en`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(evil);
  await expect(page.getByRole('link', { name: `<b>skill</b>${run}` })).toBeVisible();
  await page.getByRole('link', { name: `<b>skill</b>${run}` }).click();
  await expect(page.locator('.result-name').first()).toHaveText(evil);
  await page.goto(`${BASE}/issuers/${issuer.issuer_id}?language=en`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`</script><script>alert(2)</script>${run}`);
  // Nothing ran and no element came from the names.
  await expect(page.locator('img[src="x"], svg[onload], b:has-text("skill")')).toHaveCount(0);
  expect(dialogs).toEqual([]);
  expect(problems).toEqual([]);
});
