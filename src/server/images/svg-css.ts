import { CSS_FUNCTIONS } from './svg-allow';

/** url(#id), with or without quotes: a reference inside the same image, which loads nothing. */
const LOCAL_URL = /^url\(\s*(['"]?)#[\w.:-]*\1\s*\)/i;

/**
 * True when a CSS value or style sheet from an issuer loads nothing and runs nothing: every
 * function it calls is on the allow-list and every url() points inside the image. Backslashes
 * (CSS escapes can spell `url` or `@import` in other letters) and at-rules are refused outright.
 * The caller drops a value that fails, whole: half a declaration list is not worth the risk.
 */
export function isSafeCss(css: string): boolean {
  if (/[\\@]/.test(css)) return false;
  for (const m of css.matchAll(/([-\w]*)\s*\(/g)) {
    const name = (m[1] ?? '').toLowerCase();
    if (name === 'url') {
      if (!LOCAL_URL.test(css.slice(m.index))) return false;
    } else if (!CSS_FUNCTIONS.has(name)) return false;
  }
  return true;
}
