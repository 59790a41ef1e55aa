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

/**
 * After the load event, when the browser is idle: nothing a first view measures waits for it. A
 * page that keeps the browser busy still gets the set within a second of load (idle timeout).
 */
function whenIdle(run: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 1000 }) : setTimeout(run, 1);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Links the CJK web fonts a page needs for text outside its own language (an issuer's Japanese tag
 * on an English page), which the server did not look for when it wrote the head. Only `main` is
 * read: the language menu's names have their own small font. A public page's head declares only
 * the faces of its own characters (src/server/web-fonts, `style[data-font-subset]`); for text a
 * script shows later, its language's whole set follows once the page has loaded (`data-font-later`;
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
  if (subset && later) whenIdle(() => subset.parentNode?.insertBefore(setLink(base, later), subset));
}
