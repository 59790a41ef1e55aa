import { describe, expect, it } from 'vitest';
import { LANGUAGES, nameOrder, type Language } from '../../src/i18n/languages';
import { utcDateTime, utcDay } from '../../src/lib/dates';
import { initials } from '../../src/lib/initials';
import { byNameOrder, fullName, inNameOrder } from '../../src/lib/names';

/**
 * Issue 35, item 6: one name order per language (forms, full names, initials), initials that are
 * letters able to stand alone in every script of the nine languages, and times in the reader's
 * calendar.
 */

/** A name written in each language's own script: given name, family name, how the page writes it, initials. */
const NAMES: Record<Language, [given: string, family: string, full: string, initials: string]> = {
  en: ['John', 'Doe', 'John Doe', 'JD'],
  ja: ['花子', '山田', '山田 花子', '山花'],
  'zh-cn': ['小明', '王', '王小明', '王小'],
  ko: ['민수', '김', '김민수', '김민'],
  'zh-tw': ['美玲', '陳', '陳美玲', '陳美'],
  id: ['Siti', 'Rahayu', 'Siti Rahayu', 'SR'],
  th: ['สมชาย', 'ใจดี', 'สมชาย ใจดี', 'สจ'],
  vi: ['Văn An', 'Nguyễn', 'Nguyễn Văn An', 'NV'],
  'bn-BD': ['ক্ষমা', 'রায়', 'ক্ষমা রায়', 'ক্ষরা'],
};

describe('name order (issue 35)', () => {
  it('is family name first in Japanese, Chinese, Korean and Vietnamese; given name first elsewhere', () => {
    expect(Object.fromEntries(LANGUAGES.map((l) => [l, nameOrder(l)]))).toEqual({
      en: 'given-first',
      ja: 'family-first',
      'zh-cn': 'family-first',
      ko: 'family-first',
      'zh-tw': 'family-first',
      id: 'given-first',
      th: 'given-first',
      vi: 'family-first',
      'bn-BD': 'given-first',
    });
  });

  it('puts fields, names and initials in that order', () => {
    expect(byNameOrder('family-first', 'given', 'family')).toEqual(['family', 'given']);
    expect(byNameOrder('given-first', 'given', 'family')).toEqual(['given', 'family']);
    expect(inNameOrder('ja', 'given', 'family')).toEqual(['family', 'given']);
    expect(inNameOrder('th', 'given', 'family')).toEqual(['given', 'family']);
  });

  for (const lang of LANGUAGES) {
    const [given, family, full, letters] = NAMES[lang];
    it(`${lang}: writes ${full} and shows ${letters}`, () => {
      expect(fullName(given, family, lang)).toBe(full);
      expect(initials(given, family, lang)).toBe(letters);
    });
  }
});

describe('full names (issue 35)', () => {
  it('keeps a space between Latin names on Chinese and Korean pages', () => {
    expect(fullName('John', 'Smith', 'zh-cn')).toBe('Smith John');
    expect(fullName('John', 'Smith', 'ko')).toBe('Smith John');
    expect(fullName('花子', '山田', 'ja')).toBe('山田 花子');
  });

  it('writes a CJK name in the order of the page it is on', () => {
    expect(fullName('花子', '山田', 'en')).toBe('花子 山田');
    expect(fullName('花子', '山田', 'th')).toBe('花子 山田');
    expect(fullName('Hanako', 'Yamada', 'ja')).toBe('Yamada Hanako');
  });

  it('leaves no stray space for a missing name, and trims', () => {
    expect(fullName('Hanako', '', 'en')).toBe('Hanako');
    expect(fullName('', 'Yamada', 'ja')).toBe('Yamada');
    expect(fullName('  Hanako ', ' Yamada ', 'en')).toBe('Hanako Yamada');
    expect(fullName(' ', '', 'zh-cn')).toBe('');
  });
});

describe('initials: the first letter that can stand alone (issue 35)', () => {
  it('passes over Thai and Lao vowels written before their consonant', () => {
    // ใจดี: ใ is a leading vowel; จ is the first letter that stands alone.
    expect(initials('สมชาย', 'ใจดี', 'th')).toBe('สจ');
    for (const [name, letter] of [
      ['เก่ง', 'ก'],
      ['แสง', 'ส'],
      ['โชติ', 'ช'],
      ['ใจ', 'จ'],
      ['ไพโรจน์', 'พ'],
      ['ເພັດ', 'ພ'],
      ['ແສງ', 'ສ'],
      ['ໂຊກ', 'ຊ'],
      ['ໃຈ', 'ຈ'],
      ['ໄຊ', 'ຊ'],
    ])
      expect([name, initials(name ?? '', '', 'th')]).toEqual([name, letter]);
  });

  it('writes a Thai or Lao initial as the bare consonant, as Thai abbreviations do (พ.ศ.)', () => {
    expect(initials('สุดา', 'ก่อเกียรติ', 'th')).toBe('สก');
    expect(initials('พุทธ', 'ธันวา', 'th')).toBe('พธ');
    expect(initials('ເພັດ', 'ສຸກ', 'th')).toBe('ພສ');
    // Letters that only follow a consonant cannot start an initial either.
    expect(initials('ะกา', 'ๆนา', 'th')).toBe('กน');
  });

  it('keeps a Bengali conjunct and its vowel sign whole (one grapheme cluster)', () => {
    expect(initials('শ্রাবন্তী', 'ক্ষমা', 'bn-BD')).toBe('শ্রাক্ষ');
    expect(initials('কিরণ', 'অমিত', 'bn-BD')).toBe('কিঅ');
    // Nothing of a cluster is cut: the initial is a whole grapheme of the name.
    const name = 'ন্তী';
    expect(initials(name, '', 'bn-BD')).toBe(name);
  });

  it('passes over what is not a letter, and keeps combining marks with their base', () => {
    expect(initials('(Hanako)', "'Yamada", 'en')).toBe('HY');
    expect(initials('1 Zoë', '— Ångström', 'en')).toBe('ZÅ');
    expect(initials('🎓Mai', '', 'en')).toBe('M');
    expect(initials('e\u0301lodie', 'đức', 'vi')).toBe('ĐÉ');
    expect(initials('123', '!!', 'en')).toBe('');
  });

  it('keeps Han, kana and Hangul as they are, family name first on their pages', () => {
    expect(initials('はなこ', 'やまだ', 'ja')).toBe('やは');
    expect(initials('ハナコ', 'ヤマダ', 'ja')).toBe('ヤハ');
    expect(initials('小明', '王', 'zh-cn')).toBe('王小');
    expect(initials('민수', '김', 'ko')).toBe('김민');
  });
});

describe('times in the reader’s language and calendar (issue 35)', () => {
  const at = Date.UTC(2026, 10, 28, 15, 10);
  it('writes Thai in the Buddhist era, to the minute, in UTC', () => {
    expect(utcDateTime('th').format(at)).toBe('28 พ.ย. 2569 15:10');
    expect(utcDay('th').format(at)).toBe('28 พ.ย. 2569');
  });
  it('writes Japanese and English their own way', () => {
    expect(utcDateTime('ja').format(at)).toBe('2026/11/28 15:10');
    expect(utcDay('en').format(at)).toBe('Nov 28, 2026');
  });
  it('reads the instant in UTC, whatever the zone of the machine', () => {
    expect(utcDay('en').format(Date.UTC(2026, 10, 28, 23, 59))).toBe('Nov 28, 2026');
  });
});
