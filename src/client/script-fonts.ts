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

/** The stylesheet of a whole CJK set, as Base.astro links it. */
function setLink(base: string, set: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = `${base}/fonts/web/${set}.css`;
  link.dataset.fontSet = set;
  return link;
}

// What makes a public page's islands hydrate (src/islands/lib/on-interaction.ts), and a key press.
const REACHING = ['pointerover', 'focusin', 'touchstart', 'keydown'] as const;

/**
 * At the first sign of someone using the page: islands hydrate then (client:interaction), and
 * only they add text the server did not write. A reader who only reads never loads the set (about
 * 30 KB gzip of rules, and a style pass over them that Lighthouse counted as blocking time).
 */
function whenReaching(run: () => void): void {
  const go = () => {
    for (const e of REACHING) window.removeEventListener(e, go, true);
    run();
  };
  for (const e of REACHING) window.addEventListener(e, go, { capture: true, passive: true });
}

/**
 * Links the CJK web fonts a page needs for text outside its own language (an issuer's Japanese tag
 * on an English page), which the server did not look for when it wrote the head. Only `main` is
 * read: the language menu's names have their own small font. A public page's head declares only
 * the faces of its own characters (src/server/web-fonts, `style[data-font-subset]`); for text a
 * script shows later, its language's whole set follows when someone reaches for the page (`data-font-later`;
 * another set would also claim the punctuation the system font drew, and redraw it), placed before
 * that style so the page's own faces stay first.
 */
export function loadScriptFonts(base: string): void {
  const links = document.querySelectorAll<HTMLLinkElement>('link[data-font-set]');
  const subset = document.querySelector<HTMLStyleElement>('style[data-font-subset]');
  const partial = (subset?.dataset.fontSubset ?? '').split(' ').filter(Boolean);
  const linked = new Set([...[...links].map((l) => l.dataset.fontSet ?? ''), ...partial]);
  for (const set of missingFontSets(document.querySelector('main')?.textContent ?? '', linked))
    document.head.appendChild(setLink(base, set));
  const later = subset?.dataset.fontLater;
  if (subset && later) whenReaching(() => subset.parentNode?.insertBefore(setLink(base, later), subset));
}
