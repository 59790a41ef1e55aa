import type { Language } from '../i18n/languages';
import { path } from './paths';

/** The CJK web-font sets of scripts/fonts.mjs (public/fonts/web/<set>.css), one per CJK family. */
export type CjkFontSet = 'jp' | 'kr' | 'sc' | 'tc';

/** The family that draws each CJK language's Han characters, as the share image picks it. */
const CJK_SET: Partial<Record<Language, CjkFontSet>> = { ja: 'jp', ko: 'kr', 'zh-cn': 'sc', 'zh-tw': 'tc' };

/**
 * The web-font stylesheets a page links: `common` (the language menu's names, Thai, Bengali) on
 * every page, and its language's CJK family. Each declares faces by unicode-range, so linking one
 * costs only its CSS until the page shows a character of it.
 */
export function fontStylesheets(lang: Language): { set: string; href: string }[] {
  const cjk = CJK_SET[lang];
  return ['common', ...(cjk ? [cjk] : [])].map((set) => ({ set, href: path(`/fonts/web/${set}.css`) }));
}
