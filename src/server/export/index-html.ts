import { htmlLang, type Language } from '../../i18n/languages';
import type { Translate } from '../../i18n/translator';

/** One row of the offline index: a label (badge or certificate text: escaped) and its files. */
export interface IndexRow {
  label: string;
  issuer: string;
  issuedOn: number;
  files: string[];
}
export interface IndexSection {
  title: string;
  rows: IndexRow[];
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * index.html of the archive: readable offline from file:// (no script, no external resource, an
 * inline style only), every badge-supplied text escaped and isolated with dir="auto"; the links
 * are relative paths of files in the archive, which the export named from ids.
 */
export function indexHtml(t: Translate, lang: Language, exportedAt: number, sections: IndexSection[], meta: string[]) {
  const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const link = (f: string) => `<a href="${esc(encodeURI(f))}" dir="ltr">${esc(f.split('/').pop() ?? f)}</a>`;
  const section = (s: IndexSection) =>
    `<section><h2>${esc(s.title)} (${s.rows.length})</h2>${
      s.rows.length === 0
        ? `<p>${esc(t('export.index.none'))}</p>`
        : `<table><thead><tr><th>${esc(t('export.index.name'))}</th><th>${esc(t('export.index.issuer'))}</th><th>${esc(
            t('export.index.issued_on'),
          )}</th><th>${esc(t('export.index.files'))}</th></tr></thead><tbody>${s.rows
            .map(
              (r) =>
                `<tr><td dir="auto">${esc(r.label)}</td><td dir="auto">${esc(r.issuer)}</td><td dir="ltr">${date(
                  r.issuedOn,
                )}</td><td>${r.files.map(link).join(' ')}</td></tr>`,
            )
            .join('')}</tbody></table>`
    }</section>`;
  return `<!doctype html>
<html lang="${esc(htmlLang(lang))}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'self'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(t('export.index.title'))}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-inline-size:60rem;padding-inline:1rem;color:#1c2430}
table{border-collapse:collapse;inline-size:100%}th,td{border-block-end:1px solid #d5dae1;padding:.4rem;text-align:start;vertical-align:top}
a{color:#0b5cad;margin-inline-end:.5rem}</style></head>
<body><h1>${esc(t('export.index.title'))}</h1>
<p>${esc(t('export.index.intro', { date: date(exportedAt) }))}</p>
<section><h2>${esc(t('export.index.account'))}</h2><p>${meta.map(link).join(' ')}</p></section>
${sections.map(section).join('\n')}
</body></html>
`;
}
