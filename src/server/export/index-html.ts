import { htmlLang, textDirection, type Language } from '../../i18n/languages';
import { wrapThaiWords } from '../../i18n/thai-words';
import type { Translate } from '../../i18n/translator';
import { escapeHtml as esc } from '../../lib/html-escape';
import { indexStyle } from './index-style';

/** What the wallet shows of an item when the export began. */
export type ItemState = 'valid' | 'revoked' | 'invalid' | 'expired';

/** One row of the offline index: a title (badge or certificate text: escaped), its state, picture and files. */
export interface IndexRow {
  label: string;
  issuer: string;
  issuedOn: number;
  state: ItemState;
  /** A file of the archive (the baked badge or the plain picture), or null: then a placeholder. */
  thumbnail: string | null;
  files: string[];
}
export interface IndexSection {
  title: string;
  rows: IndexRow[];
}
export interface IndexPage {
  lang: Language;
  exportedAt: number;
  sections: IndexSection[];
  /** The account's own files. */
  meta: string[];
  /** The wallet's public verify page, shown as text (the index links to nothing outside the archive). */
  verifyUrl: string;
}

/** The README of the archive, linked from the index. */
export const README_NAME = 'README.txt';

/** Dates as the wallet's pages write them in `lang` (Thai in the Buddhist era, Intl's calendar for th). */
export function exportDate(lang: Language): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(htmlLang(lang), { dateStyle: 'long', timeZone: 'UTC' });
}

/** A neutral badge shape for an item with no picture: drawn inline, so nothing is fetched and nothing breaks. */
const placeholder = (label: string) =>
  `<svg class="thumb" viewBox="0 0 200 200" role="img" aria-label="${esc(label)}"><path d="M70 8h60l-8 50H78z" fill="#d5dae1"/><circle cx="100" cy="118" r="72" fill="#b8c0cc"/><circle cx="100" cy="118" r="58" fill="none" stroke="#eef1f5" stroke-width="4"/></svg>`;

/**
 * index.html of the archive: readable offline from file:// (no script, no external resource, an
 * inline style only), in the account's language, every badge-supplied text escaped and isolated
 * with dir="auto"; the links and thumbnails are relative paths of files in the archive, which the
 * export named from ids.
 */
export function indexHtml(t: Translate, page: IndexPage) {
  const { lang } = page;
  const date = exportDate(lang);
  // Text between tags (never attributes or the title): escaped, and in Thai with the words the
  // browser would split kept whole on a line (issue 35, item 6), as on the wallet's pages.
  const text = lang === 'th' ? (s: string) => wrapThaiWords(esc(s)) : esc;
  const link = (f: string) => `<a href="${esc(encodeURI(f))}" dir="ltr">${esc(f.split('/').pop() ?? f)}</a>`;
  const thumb = (r: IndexRow) =>
    r.thumbnail
      ? `<img class="thumb" src="${esc(encodeURI(r.thumbnail))}" alt="" width="48" height="48" loading="lazy">`
      : placeholder(t('export.index.no_image'));
  const row = (r: IndexRow) =>
    `<tr class="${r.state}"><td>${thumb(r)}</td><td class="title" dir="auto">${text(r.label)}</td><td dir="auto">${text(
      r.issuer,
    )}</td><td>${esc(date.format(r.issuedOn))}</td><td><span class="state state-${r.state}">${text(
      t(`export.index.state_${r.state}`),
    )}</span></td><td class="files">${r.files.map(link).join(' ')}</td></tr>`;
  const head = ['thumbnail', 'item_title', 'issuer', 'issued_on', 'state', 'files']
    .map((k) => `<th scope="col">${text(t(`export.index.${k}`))}</th>`)
    .join('');
  const section = (s: IndexSection) =>
    `<section><h2>${text(s.title)} (${s.rows.length})</h2>${
      s.rows.length === 0
        ? `<p>${text(t('export.index.none'))}</p>`
        : `<div class="wrap"><table><thead><tr>${head}</tr></thead><tbody>${s.rows.map(row).join('\n')}</tbody></table></div>`
    }</section>`;
  return `<!doctype html>
<html lang="${esc(htmlLang(lang))}" dir="${textDirection(lang)}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'self' file:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(t('export.index.title'))}</title>
<style>${indexStyle(lang)}</style></head>
<body><h1>${text(t('export.index.title'))}</h1>
<p>${text(t('export.index.intro', { date: date.format(page.exportedAt) }))}</p>
<p><a href="${README_NAME}">${text(t('export.index.readme'))}</a></p>
<p class="verify">${text(t('export.readme.verify_page', { url: page.verifyUrl }))}</p>
<section><h2>${text(t('export.index.account'))}</h2><p>${page.meta.map(link).join(' ')}</p></section>
${page.sections.map(section).join('\n')}
</body></html>
`;
}
