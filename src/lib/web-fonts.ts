import type { Language } from '../i18n/languages';
import { path } from './paths';

/** The CJK web-font sets of scripts/fonts.mjs (public/fonts/web/<set>.css), one per CJK family. */
export type CjkFontSet = 'jp' | 'kr' | 'sc' | 'tc';

/** The family that draws each CJK language's Han characters, as the share image picks it. */
const CJK_SET: Partial<Record<Language, CjkFontSet>> = { ja: 'jp', ko: 'kr', 'zh-cn': 'sc', 'zh-tw': 'tc' };

/** The CJK set of a language's own script, or null for the others. */
export function cjkFontSet(lang: Language): CjkFontSet | null {
  return CJK_SET[lang] ?? null;
}

/**
 * The order in which a page in `lang` tries the CJK families for a character: the order of
 * `--font` in global.css for the page's language (its `:lang` rules; others use the Japanese one).
 */
export function cjkFontOrder(lang: Language): CjkFontSet[] {
  if (lang === 'ko') return ['kr', 'jp', 'sc', 'tc'];
  if (lang === 'zh-cn') return ['sc', 'tc', 'jp', 'kr'];
  if (lang === 'zh-tw') return ['tc', 'sc', 'jp', 'kr'];
  return ['jp', 'kr', 'sc', 'tc'];
}

/**
 * The web-font stylesheets a page links: `common` (the language menu's names, Thai, Bengali) on
 * every page, and its language's CJK family. Each declares faces by unicode-range, so linking one
 * costs only its CSS until the page shows a character of it.
 */
export function fontStylesheets(lang: Language): { set: string; href: string }[] {
  const cjk = CJK_SET[lang];
  return ['common', ...(cjk ? [cjk] : [])].map((set) => ({ set, href: path(`/fonts/web/${set}.css`) }));
}

/**
 * Issue 23 (Lighthouse): the faces a Thai or Bengali page paints its text with, preloaded from the
 * head so they arrive with the stylesheets. Found through the CSS only, they came after the first
 * paint and the swap from the system font moved the text (CLS 0.08-0.15 on Thai pages).
 */
const PRELOADED: Partial<Record<Language, string>> = {
  th: 'noto-sans-thai-thai',
  'bn-BD': 'noto-sans-bengali-bengali',
};

/** The woff2 files a page in `lang` preloads (regular and bold of its script's face); none for others. */
export function fontPreloads(lang: Language): string[] {
  const face = PRELOADED[lang];
  return face ? [400, 700].map((w) => path(`/fonts/web/${face}-${w}-normal.woff2`)) : [];
}
