import { create, type Font } from 'fontkit';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { metricsFont, widthGroups } from '../../scripts/lib/metrics-font.mjs';
import type { Language } from '../../src/i18n/languages';
import type { CjkFontSet } from '../../src/lib/web-fonts';
import {
  assignSets,
  faceRules,
  isCjkScript,
  pageCodePoints,
  unicodeRange,
} from '../../src/server/web-fonts/page-faces';
import { allowStyle } from '../../src/server/web-fonts/page-fonts';
import { type SliceMap, sliceOf } from '../../src/server/web-fonts/slice-map';

// Issue 23 (Lighthouse on ja/ko/zh pages): the per-page CJK faces and the metrics fonts. The maps
// and fonts are the build's own (scripts/fonts.mjs, which `npm run test:vitest` runs first).
const WEB = 'public/fonts/web';
const map = (set: CjkFontSet): SliceMap => JSON.parse(readFileSync(`${WEB}/${set}.json`, 'utf8')) as SliceMap;
const load = async (set: CjkFontSet) => map(set);
const cps = (text: string) => [...text].map((c) => c.codePointAt(0) ?? 0);
const font = (file: string) => create(readFileSync(`${WEB}/${file}`)) as Font;

/** The unicode-range of the slice file `noto-sans-<set>-<slice>-400-normal.woff2` in the set's stylesheet. */
function cssRange(set: CjkFontSet, slice: number): [number, number][] {
  const css = readFileSync(`${WEB}/${set}.css`, 'utf8');
  const rule = css.split('\n').find((r) => r.includes(`-${slice}-400-normal.woff2`)) ?? '';
  return (/unicode-range:([^}]+)/.exec(rule)?.[1] ?? '').split(',').map((r) => {
    const [a = '0', b = a] = r.replace(/^U\+/i, '').split('-');
    return [parseInt(a, 16), parseInt(b, 16)];
  });
}

describe('slice maps', () => {
  it('find the slice whose stylesheet range holds a character, and none for what the set lacks', () => {
    for (const set of ['jp', 'kr', 'sc', 'tc'] as const) {
      const m = map(set);
      expect(m.ranges.length % 3).toBe(0);
      for (const cp of cps('日本語の証明書、学習。한국어')) {
        const slice = sliceOf(m, cp);
        if (slice === null) continue;
        expect(
          cssRange(set, slice).some(([a, b]) => cp >= a && cp <= b),
          `${set} U+${cp.toString(16)}`,
        ).toBe(true);
      }
    }
    expect(sliceOf(map('jp'), 'ロ'.codePointAt(0) ?? 0)).not.toBeNull();
    expect(sliceOf(map('jp'), 'A'.codePointAt(0) ?? 0)).toBeNull();
    expect(sliceOf(map('jp'), '한'.codePointAt(0) ?? 0)).toBeNull();
    expect(sliceOf(map('kr'), '한'.codePointAt(0) ?? 0)).not.toBeNull();
  });
});

describe('a page\u2019s code points', () => {
  const page = (lang: string, body: string) =>
    `<html lang="${lang}"><head><title>証明</title></head><body>${body}` +
    '<ul class="languages" data-astro-cid-x><li><a lang="ja">日本語</a></li><li><a lang="ko">한국어</a></li>' +
    '<li><a lang="th">ไทย</a></li></ul><p>&#x5B66;&#38754;</p></body></html>';

  it('take text, attributes and numeric entities from U+2000 up, but not the other languages\u2019 names', () => {
    const ja = pageCodePoints(page('ja', '<h1 title="資格">ログイン — OK</h1>'), 'ja');
    for (const ch of '証明資格ログイン—日本語学面') expect(ja.has(ch.codePointAt(0) ?? 0), ch).toBe(true);
    for (const ch of '한국어ไทยOK') expect(ja.has(ch.codePointAt(0) ?? 0), ch).toBe(false);
    // On an English page the Japanese name is another language's: drawn by the names font.
    const en = pageCodePoints(page('en', '<p>Data</p>'), 'en');
    expect(en.has('日'.codePointAt(0) ?? 0)).toBe(false);
    expect(en.has('証'.codePointAt(0) ?? 0)).toBe(true);
  });
});

describe('assigning characters to sets', () => {
  const setsOf = async (text: string, lang: Language) =>
    Object.fromEntries(
      (await assignSets(cps(text), lang, load)).map((u) => [
        u.set,
        String.fromCodePoint(...[...u.slices.values()].flat()),
      ]),
    );

  it('gives the page language\u2019s set everything it draws, punctuation too; Hangul on a Japanese page goes to Korean', async () => {
    const sets = await setsOf('日本語—→한국', 'ja');
    expect([...(sets.jp ?? '')].sort()).toEqual([...'日本語—→'].sort());
    expect([...(sets.kr ?? '')].sort()).toEqual([...'한국'].sort());
  });

  it('orders Han characters by the page language (Traditional Chinese first on a zh-tw page)', async () => {
    expect(Object.keys(await setsOf('學習', 'zh-tw'))).toEqual(['tc']);
    expect(Object.keys(await setsOf('学习', 'zh-cn'))).toEqual(['sc']);
    expect(Object.keys(await setsOf('학습 學', 'ko'))).toEqual(['kr']);
  });

  it('on an English page takes only CJK script, so dashes and arrows stay with the system font', async () => {
    const sets = await setsOf('データ — → …', 'en');
    expect(Object.keys(sets)).toEqual(['jp']);
    expect([...(sets.jp ?? '')].sort()).toEqual([...'データ'].sort());
    expect(await setsOf('— → … ™', 'en')).toEqual({});
    expect(isCjkScript('—'.codePointAt(0) ?? 0)).toBe(false);
    expect(isCjkScript('。'.codePointAt(0) ?? 0)).toBe(true);
  });
});

describe('face rules', () => {
  it('collapse runs of code points in a unicode-range', () => {
    expect(unicodeRange([0x3042, 0x3043, 0x3044, 0x65e5, 0x672c])).toBe('U+3042-3044,U+65e5,U+672c');
    expect(unicodeRange([])).toBe('');
  });

  it('declare each needed slice in both weights for just the page\u2019s characters, and the metrics font for all of them', async () => {
    const uses = await assignSets(cps('ログイン証明'), 'ja', load);
    const css = faceRules(uses, '/f');
    const rules = css.split('\n');
    const slices = new Set(cps('ログイン証明').map((cp) => sliceOf(map('jp'), cp)));
    expect(rules).toHaveLength(slices.size * 2 + 1);
    for (const slice of slices)
      for (const weight of [400, 700])
        expect(css).toContain(`src:url(/f/noto-sans-jp-${slice}-${weight}-normal.woff2) format('woff2')`);
    const metrics = rules.at(-1) ?? '';
    expect(metrics).toContain(`font-family:'Lanyard CJK Metrics'`);
    expect(metrics).toContain('font-weight:100 900;font-display:optional');
    expect(metrics).toContain(`url(/f/${map('jp').metrics}) format('truetype')`);
    expect(metrics).toContain(`unicode-range:${unicodeRange([...new Set(cps('ログイン証明'))].sort((a, b) => a - b))}`);
    expect(faceRules([], '/f')).toBe('');
  });
});

describe('metrics fonts', () => {
  it('advance each character as far as the real regular and bold faces do, with their vertical metrics', () => {
    for (const set of ['jp', 'kr', 'sc', 'tc'] as const) {
      const m = map(set);
      const metrics = font(m.metrics);
      expect(metrics.familyName).toBe('Lanyard CJK Metrics');
      const sample = cps(set === 'kr' ? '한국어 학습、「」' : '日本語の学習。「」！ABC') // fullwidth letters
        .concat(cps('ＡＢｱ…—'));
      let checked = 0;
      for (const weight of [400, 700]) {
        for (const cp of sample) {
          const slice = sliceOf(m, cp);
          if (slice === null) continue;
          const real = font(m.file.replace('{slice}', String(slice)).replace('{weight}', String(weight)));
          if (!real.hasGlyphForCodePoint(cp)) continue;
          const expected = real.glyphForCodePoint(cp).advanceWidth;
          // Proportional punctuation may differ by weight; the full-width forms a page is made of may not.
          if (weight === 700 && expected !== 1000 && expected !== 920) continue;
          expect(metrics.glyphForCodePoint(cp).advanceWidth, `${set} ${weight} U+${cp.toString(16)}`).toBe(expected);
          checked++;
        }
        const real = font(
          m.file.replace('{slice}', String(sliceOf(m, cps('日')[0] ?? 0))).replace('{weight}', String(weight)),
        );
        expect([metrics.hhea.ascent, metrics.hhea.descent, metrics.hhea.lineGap]).toEqual([
          real.hhea.ascent,
          real.hhea.descent,
          real.hhea.lineGap,
        ]);
        expect(metrics.unitsPerEm).toBe(real.unitsPerEm);
      }
      expect(checked, set).toBeGreaterThan(12);
      // Empty glyphs: it never draws anything.
      expect(metrics.glyphForCodePoint(cps('日')[0] ?? 0).path.commands).toEqual([]);
      expect(readFileSync(`${WEB}/${m.metrics}`).length).toBeLessThan(8 * 1024);
    }
  });

  it('are built from width groups that fill short gaps of the same width only', () => {
    const groups = widthGroups(
      new Map([
        [0x3000, 1000],
        [0x3001, 1000],
        [0x3010, 1000],
        [0x3011, 500],
        [0x3100, 1000],
      ]),
    );
    expect(groups).toEqual([
      { start: 0x3000, end: 0x3010, width: 1000 },
      { start: 0x3011, end: 0x3011, width: 500 },
      { start: 0x3100, end: 0x3100, width: 1000 },
    ]);
    const input = {
      family: 'Test Metrics',
      groups,
      metrics: {
        ascender: 900,
        descender: -300,
        lineGap: 0,
        typoAscender: 800,
        typoDescender: -200,
        typoLineGap: 0,
        winAscent: 900,
        winDescent: 300,
      },
    };
    const bytes = metricsFont(input);
    const f = create(Buffer.from(bytes)) as Font;
    expect(f.glyphForCodePoint(0x3005).advanceWidth).toBe(1000);
    expect(f.glyphForCodePoint(0x3011).advanceWidth).toBe(500);
    expect(f.hasGlyphForCodePoint(0x3050)).toBe(false);
    expect([f.hhea.ascent, f.hhea.descent, f['OS/2'].typoAscender, f['OS/2'].winDescent]).toEqual([
      900, -300, 800, 300,
    ]);
    // The same input makes the same bytes (the build names the file by its inputs).
    expect(Buffer.from(metricsFont(input)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('exist for every set the maps name', () => {
    const files = readdirSync(WEB);
    for (const set of ['jp', 'kr', 'sc', 'tc'] as const) expect(files).toContain(map(set).metrics);
  });
});

describe('the policy', () => {
  it('adds the style hash to style-src (and style-src-elem), never to style-src-attr or other directives', () => {
    const h = new Headers({
      'content-security-policy':
        "default-src 'self';img-src 'self'; script-src 'self' 'sha256-a'; style-src 'self' 'sha256-b'; style-src-attr 'none';",
    });
    allowStyle(h, 'XYZ=');
    expect(h.get('content-security-policy')).toBe(
      "default-src 'self';img-src 'self'; script-src 'self' 'sha256-a'; style-src 'self' 'sha256-b' 'sha256-XYZ='; style-src-attr 'none';",
    );
    const bare = new Headers({ 'content-security-policy': "script-src 'self' ; style-src 'self' ;" });
    allowStyle(bare, 'Q');
    expect(bare.get('content-security-policy')).toBe("script-src 'self' ; style-src 'self' 'sha256-Q';");
    const none = new Headers();
    allowStyle(none, 'Q');
    expect(none.has('content-security-policy')).toBe(false);
  });
});
