import { describe, expect, it } from 'vitest';
import th from '../../src/i18n/locales/th.json';
import { withThaiLines } from '../../src/server/http/thai-lines';

/*
 * Issue 35, item 6: a Thai page's words that the browser's dictionary splits are wrapped in `.thw`
 * spans as the page streams (src/server/http/thai-lines.ts), inside workerd, whose HTMLRewriter it
 * uses. The browser test (tests/e2e/thai-lines.spec.ts) reads where the lines then break.
 */
const html = { 'content-type': 'text/html; charset=utf-8' };

/** A response whose body arrives in pieces of `size` bytes (a rewrite must not care where they cut). */
function streamed(text: string, size = 1 << 16, headers: Record<string, string> = html): Response {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < bytes.length; i += size) c.enqueue(bytes.slice(i, i + size));
      c.close();
    },
  });
  return new Response(body, { headers });
}

/** The page without the spans the rewrite adds: the words' and the one around each text holding any. */
const stripped = (s: string) =>
  s.replace(/<span class="thw">([^<]*)<\/span>/g, '$1').replace(/<span class="thl">([^<]*)<\/span>/g, '$1');

describe('Thai words kept whole on a page', () => {
  const title = th.portal_signin.error_title; // การลงชื่อเข้าใช้ผ่านพอร์ทัลล้มเหลว

  it('wraps each listed word in a .thw span and leaves the text as it was', async () => {
    const page = `<!doctype html><html lang="th"><body><h1>${title}</h1><p>A &amp; B</p></body></html>`;
    const out = await withThaiLines(streamed(page), 'th').text();
    expect(out).toContain(
      '<h1><span class="thl">การ<span class="thw">ลงชื่อเข้าใช้</span>ผ่านพอร์ทัล<span class="thw">ล้มเหลว</span></span></h1>',
    );
    // A text without a listed word is left as it was, with no span around it.
    expect(out).toContain('<p>A &amp; B</p>');
    expect(stripped(out)).toBe(page);
  });

  it('holds a text cut across chunks, even inside a letter, and writes it once', async () => {
    const page = `<html><body><p>${title}</p><p>${title}</p></body></html>`;
    // Pieces of 5 bytes: a Thai letter is 3, so most cuts fall inside a word and many inside a letter.
    const out = await withThaiLines(streamed(page, 5), 'th').text();
    expect(out.match(/<span class="thw">ล้มเหลว<\/span>/g)?.length).toBe(2);
    expect(stripped(out)).toBe(page);
  });

  it('leaves scripts, styles, the title, text areas, options and islands as rendered', async () => {
    const untouched = [
      `<title>${title}</title>`,
      `<script>const s = "${title}";</script>`,
      `<style>/* ${title} */</style>`,
      `<textarea>${title}</textarea>`,
      `<select><option>${title}</option></select>`,
      `<astro-island uid="1"><button>${title}</button></astro-island>`,
    ];
    const page = `<html><head>${untouched[0]}</head><body>${untouched.slice(1).join('')}<p>${title}</p></body></html>`;
    const out = await withThaiLines(streamed(page), 'th').text();
    for (const part of untouched) expect(out).toContain(part);
    // After them, the page's own text is wrapped again.
    expect(out).toContain('<p><span class="thl">การ<span class="thw">ลงชื่อเข้าใช้</span>');
    expect(out.match(/class="thw"/g)?.length).toBe(2);
  });

  it('rewrites an island’s slot (static HTML React does not compare), but not the island around it', async () => {
    const page = `<body><astro-island uid="2"><h2>${title}</h2><astro-slot><p>${title}</p><script>"${title}"</script></astro-slot><b>${title}</b></astro-island></body>`;
    const out = await withThaiLines(streamed(page), 'th').text();
    expect(out).toContain(`<h2>${title}</h2>`);
    expect(out).toContain('<p><span class="thl">การ<span class="thw">ลงชื่อเข้าใช้</span>');
    expect(out).toContain(`<script>"${title}"</script>`);
    expect(out).toContain(`<b>${title}</b>`);
    expect(stripped(out)).toBe(page);
  });

  it('passes other languages and anything not HTML through untouched', async () => {
    const en = streamed(`<p>${title}</p>`);
    expect(withThaiLines(en, 'en')).toBe(en);
    const json = streamed(JSON.stringify({ title }), 1 << 16, { 'content-type': 'application/json' });
    expect(withThaiLines(json, 'th')).toBe(json);
  });
});
