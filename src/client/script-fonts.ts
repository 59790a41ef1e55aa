import type { CjkFontSet } from '../lib/web-fonts';

const KANA = /[\u3040-\u30ff\u31f0-\u31ff]/;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

/** Which CJK set a text needs when `linked` are already there (all four cover kana; JP lacks Hangul). */
export function missingFontSets(text: string, linked: ReadonlySet<string>): CjkFontSet[] {
  const anyCjk = ['jp', 'kr', 'sc', 'tc'].some((s) => linked.has(s));
  const out = new Set<CjkFontSet>();
  if (!anyCjk && (KANA.test(text) || HAN.test(text))) out.add('jp');
  if (HANGUL.test(text) && !['kr', 'sc', 'tc'].some((s) => linked.has(s))) out.add('kr');
  return [...out];
}

/**
 * Links the CJK web fonts a page needs for text outside its own language (an issuer's Japanese tag
 * on an English page), which the server did not look for when it wrote the head. Only `main` is
 * read: the language menu's names have their own small font.
 */
export function loadScriptFonts(base: string): void {
  const links = document.querySelectorAll<HTMLLinkElement>('link[data-font-set]');
  const linked = new Set([...links].map((l) => l.dataset.fontSet ?? ''));
  for (const set of missingFontSets(document.querySelector('main')?.textContent ?? '', linked)) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = `${base}/fonts/web/${set}.css`;
    link.dataset.fontSet = set;
    document.head.appendChild(link);
  }
}
