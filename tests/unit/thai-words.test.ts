import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import th from '../../src/i18n/locales/th.json';
import { hasThaiWord, splitThaiWords, THAI_WORDS } from '../../src/i18n/thai-words';

/*
 * Issue 35, item 6: the Thai compounds the browser's dictionary splits ("ล้ม | เหลว") and the split
 * that the page rewrite and the islands share. The browser test (tests/e2e/thai-lines.spec.ts) reads
 * where lines really break at 390 px.
 */
const strings: string[] = [];
(function walk(o: object) {
  for (const v of Object.values(o)) {
    if (typeof v === 'string') strings.push(v);
    else walk(v as object);
  }
})(th);

describe('Thai words kept whole', () => {
  it('each listed word is in the interface: the Thai catalogue or terms of use (no word kept for nothing)', () => {
    // Which words the browser splits was read in Chromium (the browser test finds any new one);
    // Node's ICU agrees on most (ล้มเหลว, เข้าใช้), not all (ยอมรับ is split only in the browser).
    const terms = readFileSync('src/terms/text/th.md', 'utf8');
    for (const w of THAI_WORDS) expect([w, strings.some((s) => s.includes(w)) || terms.includes(w)]).toEqual([w, true]);
    // Longer first, so a word inside a longer one is kept whole as part of it.
    for (let i = 1; i < THAI_WORDS.length; i++)
      expect((THAI_WORDS[i - 1] ?? '').length).toBeGreaterThanOrEqual((THAI_WORDS[i] ?? '').length);
  });

  it('splits a text into its listed words and the rest, which join back to the text', () => {
    const text = 'การลงชื่อเข้าใช้ผ่านพอร์ทัลล้มเหลว';
    expect(splitThaiWords(text)).toEqual(['การ', { word: 'ลงชื่อเข้าใช้' }, 'ผ่านพอร์ทัล', { word: 'ล้มเหลว' }]);
    // The longer word wins over the shorter one inside it (เข้าใช้ in ลงชื่อเข้าใช้).
    expect(splitThaiWords('เข้าใช้')).toEqual([{ word: 'เข้าใช้' }]);
    expect(splitThaiWords('Sign in')).toEqual(['Sign in']);
    expect(splitThaiWords('')).toEqual([]);
    const carrying = strings.filter(hasThaiWord);
    expect(carrying.length).toBeGreaterThan(100);
    for (const s of strings) {
      const pieces = splitThaiWords(s);
      expect(pieces.map((p) => (typeof p === 'string' ? p : p.word)).join('')).toBe(s);
      expect(pieces.some((p) => typeof p !== 'string')).toBe(carrying.includes(s));
    }
  });

  it('asks the same every time (the shared pattern keeps no position between calls)', () => {
    const text = 'ยืนยันรหัสผ่าน';
    expect([hasThaiWord(text), hasThaiWord(text), hasThaiWord(text)]).toEqual([true, true, true]);
    expect(hasThaiWord('日本語')).toBe(false);
  });
});
