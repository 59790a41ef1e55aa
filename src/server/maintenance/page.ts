import { htmlLang, textDirection, type Language } from '../../i18n/languages';
import type { Translate } from '../../i18n/translator';
import { escapeHtml } from '../../lib/html-escape';
import { windowDate, zoneLabel, type MaintenanceWindow } from '../../lib/maintenance';
import { path } from '../../lib/paths';
import { fontStylesheets } from '../../lib/web-fonts';
import { styleHash as hashOf } from '../http/style-hash';

// The page is written by hand (it answers posts that never reach Astro); its one style block is
// allowed by its hash, so the policy still runs no script and loads only our own fonts.
const STYLE = `body{margin:0;font-family:'Lanyard Noto Sans JP','Lanyard Noto Sans KR','Lanyard Noto Sans SC','Lanyard Noto Sans TC','Lanyard Noto Sans Thai','Lanyard Noto Sans Bengali',system-ui,sans-serif;color:#1c2430;background:#f5f7fa;line-height:1.6}main{max-width:34rem;margin-block:4rem;margin-inline:auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px #0002}h1{font-size:1.4rem;margin-block-start:0}a{color:#1d4ed8}`;

let styleHash: Promise<string> | null = null;
function styleSource(): Promise<string> {
  styleHash ??= hashOf(STYLE).then((hash) => `'sha256-${hash}'`);
  return styleHash;
}

/** The page's content security policy: its hashed style, our font stylesheets and fonts, no script. */
export async function maintenancePolicy(): Promise<string> {
  return `default-src 'none'; style-src 'self' ${await styleSource()}; font-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;
}

/** The translated maintenance page (blank layout: logo-less column, no header) shown for a refused post. */
export function maintenancePage(w: MaintenanceWindow, until: number, lang: Language, t: Translate): string {
  const e = escapeHtml;
  const fonts = fontStylesheets(lang)
    .map((f) => `<link rel="stylesheet" href="${e(f.href)}" data-font-set="${e(f.set)}">`)
    .join('');
  const message = t('maintenance.page_message', { until: windowDate(w, until, lang, true), zone: zoneLabel(w) });
  return `<!doctype html><html lang="${e(htmlLang(lang))}" dir="${textDirection(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="${e(path('/favicon.svg'))}" type="image/svg+xml"><title>${e(t('maintenance.page_title'))} | Lanyard</title>${fonts}<style>${STYLE}</style></head><body><main id="main" data-maintenance><h1>${e(t('maintenance.page_title'))}</h1><p>${e(message)}</p><p>${e(t('maintenance.page_reading'))}</p><p><a href="${e(path('/init'))}">${e(t('common.go_home'))}</a></p></main></body></html>`;
}
