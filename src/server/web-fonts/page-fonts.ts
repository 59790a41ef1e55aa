import type { Language } from '../../i18n/languages';
import { path } from '../../lib/paths';
import { cjkFontSet } from '../../lib/web-fonts';
import { styleHash } from '../http/style-hash';
import { assignSets, faceRules, pageCodePoints } from './page-faces';
import { sliceMap } from './slice-map';

/** Base.astro's links to whole CJK sets (render-blocking, about 30 KB gzip each). */
const CJK_LINKS = /<link\b[^>]*\bdata-font-set="(?:jp|kr|sc|tc)"[^>]*>/g;

/**
 * Issue 23 (Lighthouse, ja/ko/zh pages): a rendered page gets, instead of its language's whole CJK
 * stylesheet, an inline <style> with just the @font-face rules of the characters it shows (see
 * page-faces.ts), a preload of each metrics font those rules use, and the style's hash in the
 * Content-Security-Policy. The page then draws before JavaScript and without another blocking
 * request; src/client/script-fonts.ts links the whole sets after load, for text a script adds.
 * Anything unexpected (a missing map) leaves the page as rendered: the whole set still linked.
 */
export async function withPageFonts(res: Response, env: Env, lang: Language): Promise<Response> {
  if (!(res.headers.get('content-type') ?? '').startsWith('text/html') || !res.body) return res;
  const html = await res.text();
  const headers = new Headers(res.headers);
  const init = { status: res.status, statusText: res.statusText, headers };
  const uses = await assignSets(pageCodePoints(html, lang), lang, (set) => sliceMap(env, set)).catch(() => null);
  if (!uses) return new Response(html, init);

  const fonts = path('/fonts/web');
  const css = faceRules(uses, fonts);
  const sets = uses.map((u) => u.set).join(' ');
  const own = cjkFontSet(lang);
  const later = own && uses.some((u) => u.set === own) ? ` data-font-later="${own}"` : '';
  const insert = !css
    ? ''
    : `<style data-font-subset="${sets}"${later}>${css}</style>` +
      uses
        .map(
          (u) =>
            `<link rel="preload" href="${fonts}/${u.map.metrics}" as="font" type="font/ttf" crossorigin="anonymous">`,
        )
        .join('');
  let placed = false;
  let out = html.replace(CJK_LINKS, () => {
    if (placed) return '';
    placed = true;
    return insert;
  });
  if (!placed && insert) out = out.replace('</head>', `${insert}</head>`);
  if (css) allowStyle(headers, await styleHash(css));
  headers.delete('content-length');
  return new Response(out, init);
}

/** Adds an inline style's hash to the page's style-src (Astro's policy lists its own hashes there). */
export function allowStyle(headers: Headers, hash: string): void {
  const policy = headers.get('content-security-policy');
  if (!policy) return;
  const source = `'sha256-${hash}'`;
  headers.set(
    'content-security-policy',
    policy.replace(
      /(^|;\s*)(style-src(?:-elem)?)(\s[^;]*)?(?=;|$)/g,
      (_, lead, name, rest = '') => `${lead}${name}${rest.trimEnd()} ${source}`,
    ),
  );
}
