import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import th from '../../src/i18n/locales/th.json' with { type: 'json' };
import { THAI_WORDS } from '../../src/i18n/thai-words';
import { expect, signIn, test } from './fixtures';
import { BASE } from './form-helpers';
import { startDemoSession } from './session';

/*
 * Issue 35, item 6: Thai lines break only between words. At 390 px, on the pages of the Thai journey,
 * where each line of Thai text really breaks is read from the layout (one range per character, over
 * each block's text, whatever elements it is split into), and every break must fall between two
 * words: never inside a compound the dictionary would split (src/i18n/thai-words.ts), never inside
 * a word Intl.Segmenter finds, never inside a grapheme. Thai only: the other scripts break at
 * spaces (Latin, Vietnamese, Indonesian, Bengali) or between any two characters (CJK).
 */
const demoBadge = () =>
  (JSON.parse(readFileSync('.wrangler/demo.json', 'utf8')) as { assertions: Record<string, string> }).assertions[
    'demo-as-accepted-public'
  ] ?? '';

/** Each block's visible Thai text and the offsets in it where a new line starts. */
function thaiBreaks(page: Page): Promise<{ text: string; breaks: number[] }[]> {
  return page.evaluate(() => {
    const blockOf = (el: Element | null): Element | null => {
      for (let e = el; e; e = e.parentElement) if (!getComputedStyle(e).display.startsWith('inline')) return e;
      return null;
    };
    const blocks = new Map<Element, { text: string; breaks: number[]; lastTop: number | null }>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const t = n as Text;
      if (!t.parentElement?.checkVisibility()) continue;
      const block = blockOf(t.parentElement);
      if (!block) continue;
      const b = blocks.get(block) ?? { text: '', breaks: [], lastTop: null };
      blocks.set(block, b);
      for (let i = 0; i < t.length; i++) {
        const r = document.createRange();
        r.setStart(t, i);
        r.setEnd(t, i + 1);
        const rect = r.getClientRects()[0];
        if (rect && rect.width > 0) {
          if (b.lastTop !== null && Math.abs(rect.top - b.lastTop) > rect.height / 2) b.breaks.push(b.text.length);
          b.lastTop = rect.top;
        }
        b.text += t.data[i];
      }
    }
    return [...blocks.values()]
      .filter((b) => b.breaks.length && /[\u0e00-\u0e7f]/.test(b.text))
      .map(({ text, breaks }) => ({ text, breaks }));
  });
}

/** The breaks that fall inside a word, shown with the text around them. */
function wrongBreaks(blocks: { text: string; breaks: number[] }[]): string[] {
  const words = new Intl.Segmenter('th', { granularity: 'word' });
  const graphemes = new Intl.Segmenter('th', { granularity: 'grapheme' });
  const wrong: string[] = [];
  for (const { text, breaks } of blocks) {
    const wordCuts = new Set([...words.segment(text)].map((s) => s.index));
    const graphemeCuts = new Set([...graphemes.segment(text)].map((s) => s.index));
    for (const b of breaks) {
      const inCompound = THAI_WORDS.some((w) => {
        for (let i = text.indexOf(w); i >= 0; i = text.indexOf(w, i + 1)) if (b > i && b < i + w.length) return true;
        return false;
      });
      // A space on either side: the line broke at it.
      const atSpace = /\s/.test(text[b - 1] ?? '') || /\s/.test(text[b] ?? '');
      if (inCompound || !graphemeCuts.has(b) || (!wordCuts.has(b) && !atSpace))
        wrong.push(`${text.slice(Math.max(0, b - 12), b)} | ${text.slice(b, b + 12)}`);
    }
  }
  return wrong;
}

test.use({ viewport: { width: 390, height: 844 } });

test('the pages of the Thai journey break lines only between words, at 390 px', async ({ page }) => {
  const pages = [
    '/login',
    '/createaccount',
    '/password/forgot',
    '/portal/error?code=E401121',
    '/verification',
    '/terms',
    `/public/assertions/detail/${demoBadge()}`,
  ];
  const signedIn = ['/assertions', `/assertions/detail/${demoBadge()}`, '/acaddocs', '/setting', '/setting/security'];
  const seen: string[] = [];
  const check = async (route: string) => {
    await page.goto(`${BASE}${route}${route.includes('?') ? '&' : '?'}language=th`);
    await page.waitForLoadState('networkidle');
    const blocks = await thaiBreaks(page);
    seen.push(`${route}: ${blocks.length}`);
    expect([route, wrongBreaks(blocks)]).toEqual([route, []]);
  };
  for (const route of pages) await check(route);
  await signIn(page, await startDemoSession());
  for (const route of signedIn) await check(route);
  // The check saw wrapped Thai text on these pages (a test that read nothing would pass).
  expect(seen.filter((s) => !s.endsWith(': 0')).length, seen.join(', ')).toBeGreaterThan(8);
});

test('a Thai word is kept whole, and the page text and names read, copy and are found as typed', async ({ page }) => {
  await page.goto(`${BASE}/portal/error?code=E401121&language=th`);
  const heading = page.getByRole('heading', { level: 1 });
  // Found by its catalogue text, unchanged (no invisible marks in it).
  await expect(heading).toHaveText(th.portal_signin.error_title);
  await expect(heading.locator('span.thw').first()).toBeVisible();
  expect(await heading.evaluate((h) => getComputedStyle(h.querySelector('.thw') as Element).whiteSpace)).toBe('nowrap');
  // In a flex container (the footer's links, buttons) the text is one item: its accessible name has
  // no space where a word span begins, the page's and an island's alike.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: th.footer.privacy, exact: true })).toBeVisible();
  await page.goto(`${BASE}/createaccount?language=th`);
  await expect(page.getByRole('button', { name: th.terms.agree, exact: true })).toBeVisible();
  // The same page in English has no word spans.
  await page.goto(`${BASE}/portal/error?code=E401121&language=en`);
  await expect(page.locator('span.thw')).toHaveCount(0);
});
