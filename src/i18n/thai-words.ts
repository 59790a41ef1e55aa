/*
 * Thai is written without spaces between words; a browser finds where a line may break with a
 * dictionary (ICU), which splits many compounds into their parts: "ล้ม | เหลว" (fail), "เข้า | ใช้"
 * (sign in), "ข้อ | กำหนด" (terms) came out on two lines (issue 35, item 6). On a Thai page each of
 * these words is therefore wrapped in an element that does not wrap (`.thw`, white-space: nowrap):
 * the text itself is unchanged, so it reads, copies, searches and is found in the page as typed.
 * Pages get the wrapping from an HTML rewrite (src/server/http/thai-lines.ts), islands from
 * <ThaiText> (src/islands/lib/ThaiText.tsx), both with the list and the split below.
 *
 * The list: the interface's words that ICU splits (found by segmenting the Thai catalogue with
 * Intl.Segmenter('th') and keeping the pairs whose parts make one word or a fixed term). Longer
 * first, so a word inside a longer one is kept whole as part of it.
 */
export const THAI_WORDS: readonly string[] = [
  'ข้อกำหนดการใช้งาน',
  'ข้อกำหนดการใช้',
  'ลงชื่อเข้าใช้',
  'เสร็จสมบูรณ์',
  'ยืนยันตัวตน',
  'เข้าสู่ระบบ',
  'ออกจากระบบ',
  'ลงทะเบียน',
  'แจ้งเตือน',
  'เหรียญตรา',
  'ดำเนินการ',
  'เชื่อมต่อ',
  'ใบรับรอง',
  'ข้อกำหนด',
  'บล็อกเชน',
  'ตัวอักษร',
  'รหัสผ่าน',
  'ย้อนกลับ',
  'อีกครั้ง',
  'ตรวจสอบ',
  'เพิกถอน',
  'ส่วนตัว',
  'ถูกต้อง',
  'หมดอายุ',
  'ตั้งค่า',
  'พาสคีย์',
  'ล้มเหลว',
  'เผยแพร่',
  'เพิกเฉย',
  'ลายเซ็น',
  'ที่อยู่',
  'เข้าใช้',
  'ใช้งาน',
  'ยอมรับ',
  'รูปแบบ',
  'หน้าจอ',
  'วันที่',
  'ได้รับ',
  'ผู้ออก',
  'ลงนาม',
];

/** The class of a word no line breaks inside (src/styles/global.css). */
export const THAI_WORD_CLASS = 'thw';

let pattern: RegExp | null = null;
/** Any listed word, longest first (made on first use: no work at import time). */
function words(): RegExp {
  return (pattern ??= new RegExp(THAI_WORDS.join('|'), 'g'));
}

/** Whether a text holds a listed word (a cheap test before splitting). */
export const hasThaiWord = (text: string): boolean => /[\u0e00-\u0e7f]/.test(text) && text.search(words()) >= 0;

/**
 * A text in pieces: the listed words, each as `{ word }`, and the text between them as strings.
 * Joined back, the pieces are the text.
 */
export function splitThaiWords(text: string): (string | { word: string })[] {
  const out: (string | { word: string })[] = [];
  let at = 0;
  for (const m of text.matchAll(words())) {
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push({ word: m[0] });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** The class of the span around a whole text that holds such words (see `wrapThaiWords`). */
export const THAI_LINE_CLASS = 'thl';

/**
 * Raw HTML text (entities left as they are) with each listed Thai word in a `.thw` span, and the
 * whole text in one more span when it holds any: in a flex container (a button, a footer link)
 * the parts would otherwise each become a flex item, laid out apart, with a gap between them and
 * a space in the accessible name ("นโยบายความเป็น ส่วนตัว"); as one span they are one item.
 */
export function wrapThaiWords(raw: string): string {
  const pieces = splitThaiWords(raw);
  if (!pieces.some((p) => typeof p !== 'string')) return raw;
  const inner = pieces.map((p) => (typeof p === 'string' ? p : `<span class="${THAI_WORD_CLASS}">${p.word}</span>`));
  return `<span class="${THAI_LINE_CLASS}">${inner.join('')}</span>`;
}
