import type { Page, Route } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { devSql } from '../../scripts/lib/dev-sql.mjs';
import { dejaVuOnly, drawnWith } from './dejavu-only';
import { expect, test } from './fixtures';

/**
 * Issue 23 (Lighthouse on ja/ko/zh public pages): a public page declares inline just the CJK faces
 * of its own text (src/server/web-fonts) instead of linking its language's whole stylesheet, and a
 * metrics font (blanks as wide as the CJK glyphs) stands in while slices download. On a Chromium
 * that knows only DejaVu: without JavaScript the text is drawn by the web fonts (no tofu), and the
 * layout does not move when the slices arrive.
 */
test.use({ launchOptions: dejaVuOnly(), javaScriptEnabled: false });

const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';
const demo = () =>
  JSON.parse(readFileSync('.wrangler/demo.json', 'utf8')) as {
    assertions: Record<string, string>;
    issuers: { issuer_id: string }[];
  };
const badgePage = () => `${BASE}/public/assertions/detail/${demo().assertions['demo-as-accepted-public']}`;
const FAMILY = { ja: 'Noto Sans JP', ko: 'Noto Sans KR', 'zh-cn': 'Noto Sans SC', 'zh-tw': 'Noto Sans TC' } as const;
const SCRIPT = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/** The demo skill page (the demo badge's first tag), where the swap used to move the result grid. */
async function skillPage(): Promise<string> {
  const [row] = await devSql(
    ORIGIN,
    `SELECT t.tag_id FROM badge_class_tags t JOIN assertions a ON a.badge_class_id = t.badge_class_id
     WHERE a.id = ? LIMIT 1`,
    [demo().assertions['demo-as-accepted-public'] ?? ''],
  );
  return `${BASE}/skill/${String(row?.tag_id)}`;
}

/** Marks (data-font-probe) up to `max` elements whose own text shows the CJK script, the language menu aside; returns their count. */
function markCjkElements(page: Page, max = 12): Promise<number> {
  return page.evaluate(
    ([source, limit]) => {
      const re = new RegExp(source);
      let n = 0;
      for (const el of document.querySelectorAll('body *')) {
        if (n >= limit) break;
        const own = [...el.childNodes].filter((c) => c.nodeType === 3).map((c) => c.textContent ?? '');
        // The language menu's names have a font of their own (Footer.astro), never these faces.
        if (el.closest('.languages')) continue;
        if (own.some((t) => re.test(t)) && el.getClientRects().length > 0)
          el.setAttribute('data-font-probe', String(n++));
      }
      return n;
    },
    [SCRIPT.source, max] as const,
  );
}

/** Every element's box, in document order. */
function layout(page: Page): Promise<{ el: string; x: number; y: number; width: number; height: number }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')].map((el) => {
      const r = el.getBoundingClientRect();
      return { el: el.tagName, x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
}

/**
 * The boxes that moved between two layouts. Lines and heights must stay exactly where they were
 * (no text rewraps); along a line, a box may drift by KERNING px: the real Noto Sans JP kerns some
 * kana pairs (アク, リテ: 50-60 units of 1000, 2 px in a 14 px footer link), which the metrics
 * font's blanks, advances only, do not.
 */
const KERNING = 4;
function moved(before: Awaited<ReturnType<typeof layout>>, after: Awaited<ReturnType<typeof layout>>): string[] {
  const out: string[] = [];
  if (before.length !== after.length) return [`${before.length} elements before, ${after.length} after`];
  before.forEach((b, i) => {
    const a = after[i];
    if (!a) return;
    const vertical = Math.abs(a.y - b.y) > 0.01 || Math.abs(a.height - b.height) > 0.01;
    const along = Math.abs(a.x - b.x) > KERNING || Math.abs(a.width - b.width) > KERNING;
    if (vertical || along) out.push(`${i} ${b.el}: ${JSON.stringify(b)} -> ${JSON.stringify(a)}`);
  });
  return out;
}

for (const lang of ['ja', 'ko', 'zh-cn', 'zh-tw'] as const) {
  test(`a ${lang} public page without JavaScript: its own faces inline, drawn by the web font, no tofu`, async ({
    page,
    problems,
  }) => {
    const sheets: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet') sheets.push(new URL(r.url()).pathname);
    });
    await page.goto(`${badgePage()}?language=${lang}`);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // No whole CJK set is requested; the page's faces are inline (its CSP allows the style, else
    // the console would report the refusal and `problems` would hold it).
    expect(sheets.filter((s) => /\/fonts\/web\/(jp|kr|sc|tc)\.css$/.test(s))).toEqual([]);
    await expect(page.locator('style[data-font-subset]')).toHaveCount(1);
    const probes = await markCjkElements(page);
    expect(probes).toBeGreaterThan(3);
    const cdp = await page.context().newCDPSession(page);
    for (let i = 0; i < probes; i++) {
      const drawn = await drawnWith(cdp, `[data-font-probe="${i}"]`);
      expect(
        drawn.some((f) => f.startsWith(FAMILY[lang]) && f.endsWith('(web)')),
        `${i}: ${drawn}`,
      ).toBe(true);
      // Web fonts or DejaVu (Latin) only, and never the metrics font's blanks once the fonts are in.
      expect(
        drawn.every((f) => (f.endsWith('(web)') && !f.startsWith('Lanyard CJK Metrics')) || /^DejaVu/.test(f)),
        `${i}: ${drawn}`,
      ).toBe(true);
    }
    expect(problems).toEqual([]);
  });
}

test('while the Japanese slices download, the metrics font stands in, and nothing moves when they arrive', async ({
  page,
  problems,
}) => {
  test.setTimeout(120_000);
  for (const url of [badgePage(), await skillPage()]) {
    const held: Route[] = [];
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => (release = r));
    await page.route(/\/fonts\/web\/noto-sans-(jp|kr|sc|tc)-\d+-\d+-normal\.woff2$/, async (route) => {
      held.push(route);
      await released;
      await route.continue();
    });
    await page.goto(`${url}?language=ja`, { waitUntil: 'domcontentloaded' });
    // Laid out: the slices are asked for (and held), the preloaded metrics font is in.
    await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.waitForFunction(() =>
      [...document.fonts].some((f) => f.family.includes('Lanyard CJK Metrics') && f.status === 'loaded'),
    );
    // The language menu's names have a face of their own ('Lanyard Language Names'). With a score
    // of slices held, Chromium may not even ask for it until they are let go (it queues requests
    // to one host), so its arrival could move the footer after the layout is read. The menu is
    // not what this test is about: take it out of the page, so only the held slices can change
    // the layout read next.
    await page.evaluate(() => document.querySelectorAll('.languages').forEach((el) => el.remove()));
    // Every other font the page asked for is in. Polled by name, so a font that never arrives is
    // named in the failure, not a bare timeout.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            [...document.fonts]
              .filter((f) => !/Noto Sans (JP|KR|SC|TC)|Lanyard Language Names/.test(f.family) && f.status === 'loading')
              .map((f) => `${f.family} ${f.weight} ${f.unicodeRange.slice(0, 40)}`),
          ),
        { timeout: 30_000 },
      )
      .toEqual([]);
    const probes = await markCjkElements(page);
    expect(probes).toBeGreaterThan(3);
    const cdp = await page.context().newCDPSession(page);
    const before = await layout(page);
    for (let i = 0; i < probes; i++) {
      const drawn = await drawnWith(cdp, `[data-font-probe="${i}"]`);
      // Blanks of the right width, not DejaVu's boxes.
      expect(drawn, `${url} ${i}`).toContain('Lanyard CJK Metrics (web)');
      expect(drawn.some((f) => /^Noto Sans (JP|KR|SC|TC)/.test(f))).toBe(false);
    }
    release();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    for (let i = 0; i < probes; i++) {
      const drawn = await drawnWith(cdp, `[data-font-probe="${i}"]`);
      // Japanese, or the set that draws a tag's characters Japanese lacks (a Chinese skill name).
      expect(
        drawn.some((f) => /^Noto Sans (JP|KR|SC|TC)/.test(f)),
        `${url} ${i}: ${drawn}`,
      ).toBe(true);
    }
    expect(moved(before, await layout(page)), url).toEqual([]);
    await page.unrouteAll({ behavior: 'wait' });
  }
  expect(problems).toEqual([]);
});

test('with JavaScript, the whole Japanese set follows when someone reaches for the page, before the inline faces', async ({
  browser,
}) => {
  // This file's contexts run without JavaScript (test.use above); this one needs it.
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${badgePage()}?language=ja`);
  const link = page.locator('link[data-font-set="jp"]');
  // A reader who only reads never loads it (the page's own faces are inline).
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  await expect(link).toHaveCount(0);
  // The first key press (as a pointer over the page, focus or touch, which hydrate its islands) links it.
  await page.keyboard.press('Tab');
  await expect(link).toHaveCount(1);
  // Placed before the page's own faces, so those stay first for the page's characters.
  expect(
    await page.evaluate(() => {
      const l = document.querySelector('link[data-font-set="jp"]');
      const s = document.querySelector('style[data-font-subset]');
      return !!l && !!s && (l.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    }),
  ).toBe(true);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  expect(errors).toEqual([]);
  await context.close();
});
