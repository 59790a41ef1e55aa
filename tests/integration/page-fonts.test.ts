import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../src/i18n/languages';
import { withPageFonts } from '../../src/server/web-fonts/page-fonts';

/**
 * Issue 23 (Lighthouse on ja/ko/zh pages): a public page's whole CJK stylesheet becomes an inline
 * style of the faces its own text needs, read from the slice maps the assets binding serves.
 */
const FONTS = '/ns/portal/openbadge/fonts/web';
const POLICY = "default-src 'self'; script-src 'self' 'sha256-s'; style-src 'self' 'sha256-a'; style-src-attr 'none';";

function page(lang: string, body: string, cjk: string | null): Response {
  const links =
    `<link rel="stylesheet" href="${FONTS}/common.css" data-font-set="common">` +
    (cjk ? `<link rel="stylesheet" href="${FONTS}/${cjk}.css" data-font-set="${cjk}">` : '');
  const html = `<!doctype html><html lang="${lang}"><head><title>t</title>${links}<link rel="stylesheet" href="/_astro/Base.css"></head><body><main>${body}</main></body></html>`;
  return new Response(html, {
    headers: {
      'content-type': 'text/html',
      'content-length': String(new TextEncoder().encode(html).length),
      'content-security-policy': POLICY,
    },
  });
}

async function run(lang: Language, body: string, cjk: string | null) {
  const res = await withPageFonts(page(lang, body, cjk), env, lang);
  const html = await res.text();
  const style = /<style data-font-subset="([^"]*)"( data-font-later="(\w+)")?>([^<]*)<\/style>/.exec(html);
  return { res, html, sets: style?.[1], later: style?.[3], css: style?.[4] ?? '' };
}

async function hash(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

describe('page fonts', () => {
  it('a Japanese page: no whole-set link, its faces inline and allowed by hash, the metrics font preloaded', async () => {
    const { res, html, sets, later, css } = await run('ja', '<h1>証明書</h1><p>ログイン</p>', 'jp');
    expect(html).not.toContain('jp.css');
    expect(html).toContain(`${FONTS}/common.css`);
    expect([sets, later]).toEqual(['jp', 'jp']);
    expect(css).toMatch(/font-family:'Lanyard Noto Sans JP';font-style:normal;font-weight:700;/);
    expect(css).toContain("font-family:'Lanyard CJK Metrics'");
    const metrics = /url\(([^)]+\.ttf)\)/.exec(css)?.[1] ?? '';
    expect(metrics).toMatch(new RegExp(`^${FONTS}/metrics-jp-[0-9a-f]{10}\\.ttf$`));
    expect(html).toContain(`<link rel="preload" href="${metrics}" as="font" type="font/ttf" crossorigin="anonymous">`);
    // The style sits where the link was: before the page's own stylesheets, inside the head.
    expect(html.indexOf('<style')).toBeLessThan(html.indexOf('Base.css'));
    expect(res.headers.get('content-security-policy')).toBe(
      POLICY.replace("'sha256-a';", `'sha256-a' 'sha256-${await hash(css)}';`),
    );
    expect(res.headers.has('content-length')).toBe(false);
    expect(res.headers.get('content-type')).toBe('text/html');
    // Every character of the page's text is in some face's range.
    const ranges = [...css.matchAll(/unicode-range:([^}]+)/g)].flatMap((m) => (m[1] ?? '').split(','));
    const covered = (cp: number) =>
      ranges.some((r) => {
        const [a = '0', b = a] = r.replace('U+', '').split('-');
        return cp >= parseInt(a, 16) && cp <= parseInt(b, 16);
      });
    for (const ch of '証明書ログイン') expect(covered(ch.codePointAt(0) ?? 0), ch).toBe(true);
  });

  it('Korean, Simplified and Traditional Chinese pages the same way, each with its own set', async () => {
    for (const [lang, set, text] of [
      ['ko', 'kr', '<h1>배지 학습</h1>'],
      ['zh-cn', 'sc', '<h1>学习证书</h1>'],
      ['zh-tw', 'tc', '<h1>學習證書</h1>'],
    ] as const) {
      const { html, sets, later, css } = await run(lang, text, set);
      expect([sets, later], lang).toEqual([set, set]);
      expect(html).not.toContain(`${set}.css`);
      expect(html).toContain(`${FONTS}/metrics-${set}-`);
      expect(css).toContain(`url(${FONTS}/noto-sans-${set}-`);
    }
  });

  it('an English page with a Japanese tag gets the Japanese faces for it, but no whole set later', async () => {
    const { html, sets, later, css } = await run('en', '<p>Data Science</p><span>データ分析</span>', null);
    expect([sets, later]).toEqual(['jp', undefined]);
    expect(html.indexOf('<style')).toBeLessThan(html.indexOf('</head>'));
    expect(css).toContain('Lanyard Noto Sans JP');
  });

  it('an English page with no CJK text and a non-page response are left alone', async () => {
    const body = '<p>Data Science — 100% → done…</p>';
    const { res, html } = await run('en', body, null);
    expect(html).toBe(await page('en', body, null).text());
    expect(res.headers.get('content-security-policy')).toBe(POLICY);
    const json = new Response('{"名":1}', { headers: { 'content-type': 'application/json' } });
    expect(await withPageFonts(json, env, 'ja')).toBe(json);
  });
});
