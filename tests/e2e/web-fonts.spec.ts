import type { Page, Response } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { dejaVuOnly, drawnWith } from './dejavu-only';

/**
 * Issue 24 item 2: every script renders without system fonts. Chromium runs with a fontconfig that
 * knows only DejaVu (no CJK, Thai or Bengali face), so any non-Latin glyph on screen must come from
 * the bundled web fonts; and each page downloads only the font files of the scripts it shows.
 */
test.use({
  launchOptions: dejaVuOnly(),
});

const BASE = '/ns/portal/openbadge';
const LANGUAGES = ['en', 'ja', 'zh-cn', 'ko', 'zh-tw', 'th', 'bn-BD', 'vi', 'id'] as const;

/** The font files a page requested, by name, with their sizes. */
function fontLog(page: Page) {
  const files = new Map<string, Promise<number>>();
  page.on('response', (r: Response) => {
    if (r.request().resourceType() !== 'font') return;
    const name = new URL(r.url()).pathname.split('/').pop() ?? '';
    files.set(
      name,
      r.body().then((b) => b.length),
    );
  });
  return {
    names: () => [...files.keys()],
    bytes: async (only = /./) =>
      (await Promise.all([...files].filter(([name]) => only.test(name)).map(([, size]) => size))).reduce(
        (a, b) => a + b,
        0,
      ),
  };
}

/** Waits for every font the page asked for, then for the swap to be drawn. */
async function fontsSettled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function inspect(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  return cdp;
}

test('this browser has no system font for Bengali or Japanese: the control', async ({ page }) => {
  await page.setContent(
    '<p id="bn" style="font-family: sans-serif">বাংলা</p><p id="ja" style="font-family: sans-serif">日本語</p>',
  );
  const cdp = await inspect(page);
  // Chromium falls back to some DejaVu face and draws boxes: nothing here can draw these scripts.
  for (const id of ['#bn', '#ja']) expect((await drawnWith(cdp, id)).every((f) => /^DejaVu [^(]*$/.test(f))).toBe(true);
});

for (const [lang, query, family, sample, other] of [
  ['bn-BD', 'bd', 'Noto Sans Bengali', 'বাংলা', 'ja'],
  ['ja', 'ja', 'Noto Sans JP', 'ログイン', 'bn-BD'],
] as const) {
  test(`a ${lang} page draws its text with the ${family} web font`, async ({ page, problems }, info) => {
    const fonts = fontLog(page);
    await page.goto(`${BASE}/login?language=${query}`);
    await fontsSettled(page);
    await page.screenshot({ path: info.outputPath(`login-${lang}.png`), fullPage: true });
    const cdp = await inspect(page);
    // Drawn by a downloaded face of the family (its files name their instance, e.g. "Noto Sans JP
    // Thin" for the 400 file): headings, labels, and the footer's own name for the language (bold).
    const own = new RegExp(`^${family}( \\w+)? \\(web\\)$`);
    for (const text of ['h1', 'label', '.languages a[aria-current="true"]'])
      expect(
        (await drawnWith(cdp, text)).some((f) => own.test(f)),
        `${text}: ${await drawnWith(cdp, text)}`,
      ).toBe(true);
    // Another language's name comes from the tiny language-name subset, not the whole family.
    expect((await drawnWith(cdp, `.languages a[hreflang="${other}"]`)).every((f) => f.endsWith('(web)'))).toBe(true);
    expect(fonts.names().some((n) => n.startsWith(`names-${other.toLowerCase()}-`))).toBe(true);
    // The page's CSS names the faces `Lanyard …` (no installed font can take their place).
    const css = `Lanyard ${family}`;
    expect(await page.evaluate(([f, s]) => document.fonts.check(`16px "${f}"`, s), [css, sample])).toBe(true);
    const loaded = await page.evaluate(() =>
      [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replaceAll('"', '')),
    );
    expect(loaded).toContain(css);
    expect(fonts.names().some((n) => n.startsWith(family.toLowerCase().replaceAll(' ', '-')))).toBe(true);
    expect(problems).toEqual([]);
  });
}

test('each language downloads only the fonts of the scripts it shows (bytes per page)', async ({ browser }, info) => {
  test.setTimeout(180_000);
  const demo = JSON.parse(readFileSync('.wrangler/demo.json', 'utf8')) as { assertions: Record<string, string> };
  const badge = `${BASE}/public/assertions/detail/${demo.assertions['demo-as-accepted-public']}`;
  const own: Record<string, RegExp> = {
    ja: /^noto-sans-jp-/,
    'zh-cn': /^noto-sans-sc-/,
    ko: /^noto-sans-kr-/,
    'zh-tw': /^noto-sans-tc-/,
    th: /^noto-sans-thai-/,
    'bn-BD': /^noto-sans-bengali-/,
  };
  const rows: string[] = ['| language | login page | public badge page |', '|---|---|---|'];
  for (const lang of LANGUAGES) {
    const cells: string[] = [];
    for (const [kind, url] of [
      ['login', `${BASE}/login`],
      ['badge', badge],
    ] as const) {
      // A new context is a first visit: nothing cached.
      const context = await browser.newContext();
      const page = await context.newPage();
      const fonts = fontLog(page);
      await page.goto(`${url}?language=${lang}`);
      await fontsSettled(page);
      const names = fonts.names();
      const bytes = await fonts.bytes();
      const bold = await fonts.bytes(/-700-normal/);
      cells.push(`${(bytes / 1024).toFixed(1)} KB in ${names.length} files (bold ${(bold / 1024).toFixed(1)} KB)`);
      // The language names are always wanted; otherwise only the page's own script (and, on the
      // badge page, Japanese: the demo badge carries a Japanese tag).
      // A public page's CJK faces come with their set's metrics font (issue 23, src/server/web-fonts).
      const metrics = (set: string) => new RegExp(`^metrics-${set}-[0-9a-f]{10}\\.ttf$`);
      const cjk = { ja: 'jp', 'zh-cn': 'sc', ko: 'kr', 'zh-tw': 'tc' }[lang as string];
      const allowed = [
        /^names-/,
        ...(own[lang] ? [own[lang]] : []),
        ...(kind === 'badge' ? [/^noto-sans-jp-/, metrics('jp'), ...(cjk ? [metrics(cjk)] : [])] : []),
      ];
      expect(
        names.filter((n) => !allowed.some((re) => re.test(n))),
        `${lang} ${kind}`,
      ).toEqual([]);
      const ownScript = own[lang];
      if (ownScript)
        expect(
          names.some((n) => ownScript.test(n)),
          `${lang} ${kind} draws its script`,
        ).toBe(true);
      else if (kind === 'login') expect(bytes, `${lang} login`).toBeLessThan(12 * 1024);
      if (kind === 'badge' && ['en', 'bn-BD'].includes(lang))
        await page.screenshot({ path: info.outputPath(`badge-${lang}.png`), fullPage: true });
      await context.close();
    }
    rows.push(`| ${lang} | ${cells.join(' | ')} |`);
  }
  const table = rows.join('\n');
  writeFileSync(info.outputPath('font-bytes.md'), `${table}\n`);
  console.log(table);
});
