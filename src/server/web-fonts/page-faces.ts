import type { Language } from '../../i18n/languages';
import { NATIVE_NAMES } from '../../i18n/native-names';
import { cjkFontOrder, cjkFontSet, type CjkFontSet } from '../../lib/web-fonts';
import { type SliceMap, sliceOf } from './slice-map';

/** The family of the metrics fonts: global.css lists it last, after every installed font. */
export const METRICS_FAMILY = 'Lanyard CJK Metrics';

/** The CJK slices start at U+2000 (scripts/fonts.mjs leaves Latin, Greek and Cyrillic to the system font). */
const FIRST = 0x2000;
const CHARS = /[\u2000-\uffff]|[\u{10000}-\u{10ffff}]|&#x([0-9a-f]{1,6});|&#(\d{1,7});/giu;
// The footer's language menu names the other languages from their own tiny font (Footer.astro).
const MENU = /<ul class="languages"[^>]*>[\s\S]*?<\/ul>/;

/**
 * Every code point from U+2000 up in a rendered page (text, attributes, island props: anything the
 * page may show without asking the server again), except the language menu's names of the other
 * languages, which the `Lanyard Language Names` font draws; the page's own name is drawn in its font.
 */
export function pageCodePoints(html: string, lang: Language): Set<number> {
  const text = html.replace(MENU, NATIVE_NAMES[lang]);
  const cps = new Set<number>();
  for (const m of text.matchAll(CHARS)) {
    const cp = m[1] ? parseInt(m[1], 16) : m[2] ? Number(m[2]) : (m[0].codePointAt(0) ?? 0);
    if (cp >= FIRST) cps.add(cp);
  }
  return cps;
}

/** Han, kana, Hangul and their punctuation and forms: what needs a CJK font on any page. */
export function isCjkScript(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x11ff) ||
    (cp >= 0x2e80 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa960 && cp <= 0xa97f) ||
    (cp >= 0xac00 && cp <= 0xd7ff) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xffef) ||
    (cp >= 0x20000 && cp <= 0x3134f)
  );
}

/** The code points one set draws on a page, by slice. */
export interface SetUse {
  set: CjkFontSet;
  map: SliceMap;
  slices: Map<number, number[]>;
}

/**
 * Which set draws each code point, as the browser would pick with every set linked: the first set
 * in the page language's order that covers it. The page's own set also takes punctuation and
 * symbols it covers (as its whole stylesheet did); other sets only take CJK script, so an English
 * page with a Japanese tag does not fetch Japanese slices for its dashes and arrows.
 */
export async function assignSets(
  cps: Iterable<number>,
  lang: Language,
  load: (set: CjkFontSet) => Promise<SliceMap>,
): Promise<SetUse[]> {
  const own = cjkFontSet(lang);
  let left = [...cps].filter((cp) => own !== null || isCjkScript(cp)).sort((a, b) => a - b);
  const uses: SetUse[] = [];
  for (const set of cjkFontOrder(lang)) {
    if (left.length === 0) break;
    const map = await load(set);
    const slices = new Map<number, number[]>();
    const rest: number[] = [];
    for (const cp of left) {
      const slice = sliceOf(map, cp);
      if (slice === null) rest.push(cp);
      else if (slices.has(slice)) slices.get(slice)?.push(cp);
      else slices.set(slice, [cp]);
    }
    if (slices.size > 0) uses.push({ set, map, slices });
    left = rest.filter(isCjkScript);
  }
  return uses;
}

/** A sorted list of code points as a unicode-range value (runs collapsed: `U+3042-3044,U+65e5`). */
export function unicodeRange(cps: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < cps.length; i++) {
    const start = cps[i] ?? 0;
    let end = start;
    while (cps[i + 1] === end + 1) end = cps[++i] ?? end;
    parts.push(`U+${start.toString(16)}${end === start ? '' : `-${end.toString(16)}`}`);
  }
  return parts.join(',');
}

/**
 * The @font-face rules of a page: each slice it needs in both weights, limited to the characters
 * the page shows, and per set the metrics font for the same characters (empty glyphs with the real
 * advances, drawn until a slice arrives: nothing moves when it does). `fonts` is the URL folder.
 */
export function faceRules(uses: readonly SetUse[], fonts: string): string {
  const rules: string[] = [];
  for (const { map, slices } of uses) {
    for (const [slice, cps] of [...slices].sort(([a], [b]) => a - b)) {
      const range = unicodeRange(cps);
      for (const weight of map.weights) {
        const file = map.file.replace('{slice}', String(slice)).replace('{weight}', String(weight));
        rules.push(
          `@font-face{font-family:'${map.family}';font-style:normal;font-weight:${weight};font-display:swap;` +
            `src:url(${fonts}/${file}) format('woff2');unicode-range:${range}}`,
        );
      }
    }
    const all = [...slices.values()].flat().sort((a, b) => a - b);
    rules.push(
      `@font-face{font-family:'${METRICS_FAMILY}';font-style:normal;font-weight:100 900;font-display:optional;` +
        `src:url(${fonts}/${map.metrics}) format('truetype');unicode-range:${unicodeRange(all)}}`,
    );
  }
  return rules.join('\n');
}
