import type { Language } from '../i18n/languages';
import { inNameOrder } from './names';

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
const LETTER = /^\p{L}/u;
/** Vowels written before the consonant they follow in speech: Thai เ แ โ ใ ไ, Lao ເ ແ ໂ ໃ ໄ (and Tai Viet's). */
const PREPOSED = /^\p{Logical_Order_Exception}/u;
/** Thai and Lao letters that only ever follow a consonant: ะ า ำ ๅ, ฯ ๆ, and Lao's ະ າ ຳ ຯ ໆ. */
const FOLLOWING = /^[\u0E2F\u0E30\u0E32\u0E33\u0E45\u0E46\u0EAF\u0EB0\u0EB2\u0EB3\u0EC6]/u;
const THAI_LAO = /^[\p{Script=Thai}\p{Script=Lao}]/u;
const LATIN = /^\p{Script=Latin}/u;

/**
 * The first letter of a name that can stand alone, read by grapheme (never a cut cluster): what is
 * not a letter is passed over, and so are Thai and Lao vowels written before their consonant, so
 * ใจดี gives จ, not ใ. A cluster is kept whole (Bengali ক্ষমা gives ক্ষ, é stays é), except in Thai
 * and Lao, where an initial is the bare consonant, as Thai abbreviations write it (พ.ศ. from
 * พุทธศักราช): tone marks and vowel signs are dropped, so สุดา gives ส. Latin letters upper-cased.
 */
function initial(name: string): string {
  for (const { segment } of graphemes.segment(name.normalize('NFC'))) {
    if (!LETTER.test(segment) || PREPOSED.test(segment) || FOLLOWING.test(segment)) continue;
    if (THAI_LAO.test(segment)) return [...segment][0] ?? '';
    return LATIN.test(segment) ? segment.toLocaleUpperCase('en') : segment;
  }
  return '';
}

/**
 * Avatar initials (spec §2, issue 35): the first letter of each name, in the order the name is
 * written beside them in `lang` (`inNameOrder`): 山田 花子 is 山花 on a Japanese page, สมชาย ใจดี
 * is สจ on a Thai one.
 */
export function initials(firstName: string, lastName: string, lang: Language): string {
  return inNameOrder(lang, initial(firstName), initial(lastName)).join('');
}
