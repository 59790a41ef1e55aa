import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { devSql } from '../../scripts/lib/dev-sql.mjs';
import { issuerApi } from '../../scripts/lib/issuer-api.mjs';
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { expect, hydrated, signIn, test } from './fixtures';
import { startSessionFor } from './session';

const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';

/** A fresh wallet for a person of that name, holding `badges` received badges; answers a session token. */
async function wallet(firstName: string, lastName: string, badges: number): Promise<string> {
  const email = `layout-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const id = String(await registerAndActivate(ORIGIN, { email, password: 'Kestrel#Wing42', firstName, lastName }));
  const demo = JSON.parse(readFileSync('.wrangler/demo.json', 'utf8')) as { issuers: { api_key: string }[] };
  const key = demo.issuers[0]?.api_key ?? '';
  for (let n = 1; n <= badges; n++) {
    const bc = (await issuerApi(ORIGIN, '/badge-classes', key, {
      name: `Layout Badge ${n}`,
      description: 'For the layout test.',
      image: readFileSync('public/favicon.svg').toString('base64'),
      criteria_narrative: 'Pass the test.',
    })) as { badge_class_id: string };
    await issuerApi(ORIGIN, '/awards', key, { badge_class_id: bc.badge_class_id, recipients: [email] });
  }
  await devSql(ORIGIN, 'UPDATE assertions SET accept_status = 2, accepted_at = 1 WHERE account_id = ?', [id]);
  return startSessionFor(id);
}

// Issue 24 item 5b: on a phone two badges sit side by side (one per row made five badges ~2,100 px long).
for (const [width, height] of [
  [390, 844],
  [360, 800],
] as const) {
  test(`the badge list shows two badges per row at ${width} px, nothing wider than the screen`, async ({
    page,
    problems,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height });
    await signIn(page, await wallet('Mika', 'Sato', 5));
    await page.goto(`${BASE}/assertions?language=en`);
    await hydrated(page, 'BadgeList');
    const cards = page.locator('.badge-card');
    await expect(cards).toHaveCount(5);
    const boxes = await cards.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    await page.screenshot({ path: test.info().outputPath(`list-${width}px.png`), fullPage: true });
    const rows = new Map<number, number>();
    for (const b of boxes) rows.set(Math.round(b.top), (rows.get(Math.round(b.top)) ?? 0) + 1);
    expect([...rows.values()]).toEqual([2, 2, 1]);
    for (const b of boxes) expect(b.right).toBeLessThanOrEqual(width);
    // Each picture is still whole inside its card.
    for (const img of await cards.locator('img').all()) {
      const [w, h] = await img.evaluate((i) => [i.clientWidth, i.clientHeight]);
      expect(w).toBeGreaterThanOrEqual(120);
      expect(h).toBe(w);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(problems).toEqual([]);
  });
}

/**
 * The test machine has no CJK system font: system-ui, first in the page's font stack, draws CJK as
 * narrow "tofu" boxes, which would hide the fault. So the avatar gets the wallet's own Noto slices
 * for these characters (a constructed style sheet, which the CSP allows), as on a phone or desktop
 * whose system font draws CJK at full width.
 */
async function installFont(page: Page, text: string, family: 'jp' | 'kr') {
  const manifest = JSON.parse(readFileSync('public/fonts/manifest.json', 'utf8')) as {
    files: { family: string; file: string; ranges: [number, number][] }[];
  };
  const faces = new Map(
    [...text].flatMap((ch) => {
      const cp = ch.codePointAt(0) ?? 0;
      const hit = manifest.files.find((f) => f.family === family && f.ranges.some(([a, b]) => cp >= a && cp <= b));
      // Each slice keeps its unicode-range, or the last one added would hide the others.
      const range = hit?.ranges.map(([a, b]) => `U+${a.toString(16)}-${b.toString(16)}`).join(', ') ?? '';
      return hit ? [[`${BASE}/fonts/${hit.file}`, range] as const] : [];
    }),
  );
  const name = family === 'jp' ? 'Noto Sans JP' : 'Noto Sans KR';
  await page.evaluate(
    async ({ faces, name }) => {
      for (const [url, unicodeRange] of faces)
        document.fonts.add(await new FontFace(name, `url(${url})`, { weight: '700', unicodeRange }).load());
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(`.avatar-btn, .avatar-btn * { font-family: "${name}", sans-serif !important; }`);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      await document.fonts.ready;
    },
    { faces: [...faces], name },
  );
}

// Issue 24 item 5a: the avatar's initials stay on one line, inside the circle, for CJK names too.
// Issue 35: they follow the name order of the page (family name first in Japanese and Korean), and
// a Thai name's initial is its first consonant, not the vowel written before it (ใจดี gives จ).
for (const [first, last, initials, lang, family] of [
  ['太郎', '山田', '山太', 'ja', 'jp'],
  ['민수', '김', '김민', 'ko', 'kr'],
  ['Hanako', 'Yamada', 'HY', 'en', null],
  ['สมชาย', 'ใจดี', 'สจ', 'th', null],
] as const) {
  test(`the avatar shows "${initials}" on one line inside its circle`, async ({ page, problems }) => {
    await signIn(page, await wallet(first, last, 0));
    await page.goto(`${BASE}/assertions?language=${lang}`);
    if (family) await installFont(page, initials, family);
    const button = page.locator('.avatar-btn');
    await expect(button).toContainText(initials);
    const fit = await button.evaluate((btn, text) => {
      const walker = document.createTreeWalker(btn, NodeFilter.SHOW_TEXT);
      let node: Node | null;
      while ((node = walker.nextNode()) && node.textContent?.trim() !== text);
      if (!node) return null;
      const range = document.createRange();
      range.selectNodeContents(node);
      // One client rect per line box the text occupies.
      const lines = [...range.getClientRects()].filter((r) => r.width > 0);
      const b = btn.getBoundingClientRect();
      return {
        lines: lines.length,
        inside: lines.every((r) => r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom),
        clipped: btn.scrollHeight > btn.clientHeight || btn.scrollWidth > btn.clientWidth,
      };
    }, initials);
    await page.locator('.site-header').screenshot({ path: test.info().outputPath(`avatar-${lang}.png`) });
    expect(fit).toEqual({ lines: 1, inside: true, clipped: false });
    expect(problems).toEqual([]);
  });
}
