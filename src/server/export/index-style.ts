import type { Language } from '../../i18n/languages';
import { cjkFontOrder, type CjkFontSet } from '../../lib/web-fonts';

/*
 * The offline index carries no web font (it must read with nothing fetched): it names the fonts the
 * usual systems already have for each script, the page's own language first, as global.css does
 * for pages with the wallet's web fonts.
 */
const LATIN = `system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial`;
const CJK: Record<CjkFontSet, string> = {
  jp: `'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Yu Gothic UI', 'Yu Gothic', Meiryo, 'Noto Sans JP', 'Noto Sans CJK JP'`,
  kr: `'Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans KR', 'Noto Sans CJK KR'`,
  sc: `'PingFang SC', 'Microsoft YaHei', 'Noto Sans SC', 'Noto Sans CJK SC'`,
  tc: `'PingFang TC', 'Microsoft JhengHei', 'Noto Sans TC', 'Noto Sans CJK TC'`,
};
const THAI = `'Noto Sans Thai', Thonburi, 'Leelawadee UI', Tahoma`;
const BENGALI = `'Noto Sans Bengali', 'Bangla Sangam MN', 'Nirmala UI', Vrinda`;

/** The font stack of the index in `lang`: system fonts for every script the nine languages use. */
export function fontStack(lang: Language): string {
  const own = lang === 'th' ? [THAI, BENGALI] : [BENGALI, THAI];
  return [LATIN, ...own, ...cjkFontOrder(lang).map((set) => CJK[set]), 'sans-serif'].join(', ');
}

/**
 * The index's whole style sheet (inline; logical properties, so a right-to-left language needs
 * nothing more). On a phone each row is a card, picture beside its text, since six columns
 * squeezed into 390 px broke every title letter by letter (issue 35, item 6: no word broken).
 */
export function indexStyle(lang: Language): string {
  return `body{font-family:${fontStack(lang)};margin-block:2rem;margin-inline:auto;max-inline-size:64rem;padding-inline:1rem;color:#1c2430;line-height:1.5}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-block-start:2rem}
.wrap{overflow-x:auto}
table{border-collapse:collapse;inline-size:100%}
th,td{border-block-end:1px solid #d5dae1;padding:.45rem;text-align:start;vertical-align:middle}
thead th{font-size:.875rem;color:#4a5563}
.thumb{inline-size:48px;block-size:48px;object-fit:contain;display:block}
.title{font-weight:600;overflow-wrap:break-word}
.state{display:inline-block;padding-block:.1rem;padding-inline:.5rem;border:2px solid;border-radius:999px;font-size:.875rem;font-weight:700;white-space:nowrap}
.thw{white-space:nowrap}
.state-valid{color:#1f6f43;background:#e8f5ee}
.state-revoked,.state-invalid{color:#a11a1a;background:#fdecec}
.state-expired{color:#7a4b00;background:#fdf3e1}
tr.revoked,tr.invalid,tr.expired{background:#fafafa}
tr.revoked .thumb,tr.invalid .thumb,tr.expired .thumb{opacity:.55}
a{color:#0b5cad;margin-inline-end:.6rem;overflow-wrap:anywhere}
.files a{display:inline-block}
.verify{padding:.75rem 1rem;border-inline-start:4px solid #0b5cad;background:#f2f6fb;overflow-wrap:break-word}
@media (max-width:40rem){thead{position:absolute;inline-size:1px;block-size:1px;overflow:hidden;clip-path:inset(50%)}
table,tbody,tr,td{display:block}
tr{display:grid;grid-template-columns:48px minmax(0,1fr);column-gap:.75rem;padding-block:.6rem;border-block-end:1px solid #d5dae1}
td{border:0;padding:0;grid-column:2}
td:first-child{grid-column:1;grid-row:1/span 5}}`;
}
