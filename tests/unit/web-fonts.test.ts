import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingFontSets } from '../../src/client/script-fonts';
import { NATIVE_NAMES } from '../../src/i18n/native-names';
import { LANGUAGES } from '../../src/i18n/languages';
import { fontPreloads, fontStylesheets } from '../../src/lib/web-fonts';

// Written by scripts/fonts.mjs, which `npm run test:vitest` runs first.
const WEB = 'public/fonts/web';
const faces = (css: string) =>
  [...css.matchAll(/font-family:'([^']+)';[^}]*font-weight:(\d+);[^}]*url\(([^)]+)\)[^}]*unicode-range:([^}]+)}/g)].map(
    (m) => ({
      family: m[1] ?? '',
      weight: Number(m[2]),
      file: m[3] ?? '',
      ranges: (m[4] ?? '').split(',').map((r) => {
        const [a = '0', b = a] = r.trim().replace(/^U\+/i, '').split('-');
        return [parseInt(a, 16), parseInt(b, 16)] as const;
      }),
    }),
  );
const covers = (f: ReturnType<typeof faces>[number], ch: string) =>
  f.ranges.some(([a, b]) => (ch.codePointAt(0) ?? 0) >= a && (ch.codePointAt(0) ?? 0) <= b);

describe('web fonts', () => {
  const common = faces(readFileSync(`${WEB}/common.css`, 'utf8'));

  it('cover every language name of the footer with the small names font', () => {
    const names = common.filter((f) => f.family === 'Lanyard Language Names');
    for (const name of Object.values(NATIVE_NAMES))
      for (const ch of name.replace(/[\x20-\x7e]/g, ''))
        if (!/[\u00c0-\u024f\u1e00-\u1eff]/.test(ch))
          expect(
            names.some((f) => covers(f, ch)),
            `${name}: ${ch}`,
          ).toBe(true);
    for (const f of names) expect(readFileSync(`${WEB}/${f.file}`).length).toBeLessThan(4096);
  });

  it('declare every face in woff2 with font-display swap, and every file exists', () => {
    for (const set of ['common', 'jp', 'kr', 'sc', 'tc']) {
      const css = readFileSync(`${WEB}/${set}.css`, 'utf8');
      const all = faces(css);
      expect(all.length).toBe(css.match(/@font-face/g)?.length);
      expect(css.match(/font-display:swap/g)?.length).toBe(all.length);
      for (const f of all) expect(f.file.endsWith('.woff2') && existsSync(`${WEB}/${f.file}`), f.file).toBe(true);
    }
    expect(
      common.filter((f) => f.family === 'Lanyard Noto Sans Bengali' && covers(f, 'ব')).map((f) => f.weight),
    ).toEqual([400, 700]);
  });

  it('link the common set everywhere and the CJK family of the page language', () => {
    const sets = Object.fromEntries(LANGUAGES.map((l) => [l, fontStylesheets(l).map((s) => s.set)]));
    expect(sets).toMatchObject({
      en: ['common'],
      ja: ['common', 'jp'],
      'zh-cn': ['common', 'sc'],
      'bn-BD': ['common'],
    });
    expect(fontStylesheets('ko')[1]?.href).toBe('/ns/portal/openbadge/fonts/web/kr.css');
  });

  it('add a CJK set on the client only for scripts the linked sets do not draw', () => {
    expect(missingFontSets('Data Science データ分析', new Set(['common']))).toEqual(['jp']);
    expect(missingFontSets('データ分析', new Set(['common', 'sc']))).toEqual([]);
    expect(missingFontSets('한국어 과정', new Set(['common', 'jp']))).toEqual(['kr']);
    expect(missingFontSets('Only Latin, Tiếng Việt, ไทย, বাংলা', new Set(['common']))).toEqual([]);
  });

  // Issue 23: Thai and Bengali pages preload their faces (CLS); each preload is a face common.css
  // declares, so the browser uses the preloaded file instead of fetching another.
  it('preload the Thai and Bengali faces the common stylesheet declares, and nothing for other languages', () => {
    const declared = new Set(common.map((f) => f.file));
    for (const lang of ['th', 'bn-BD'] as const) {
      const hrefs = fontPreloads(lang);
      expect(hrefs).toHaveLength(2);
      for (const href of hrefs) expect(declared.has(href.split('/').pop() ?? '')).toBe(true);
    }
    for (const lang of LANGUAGES.filter((l) => l !== 'th' && l !== 'bn-BD')) expect(fontPreloads(lang)).toEqual([]);
  });
});
