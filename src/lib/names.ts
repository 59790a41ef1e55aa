import { nameOrder, type Language, type NameOrder } from '../i18n/languages';

/** Languages whose own names are written with no space between the two (王小明, 김민수). */
const UNSPACED = new Set<Language>(['zh-cn', 'zh-tw', 'ko']);
const CJK_END = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]$/u;
const CJK_START = /^[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** The two names (or their fields, or their initials) in `order`: [the one first, the other]. */
export function byNameOrder<T>(order: NameOrder, given: T, family: T): [T, T] {
  return order === 'family-first' ? [family, given] : [given, family];
}

/**
 * The two names in the order a page in `lang` asks for and writes them (`nameOrder`): the forms
 * order their fields by it, `fullName` and `initials` their parts, so all three agree.
 */
export function inNameOrder<T>(lang: Language, given: T, family: T): [T, T] {
  return byNameOrder(nameOrder(lang), given, family);
}

/**
 * A person's full name as a page, mail or PDF in `lang` writes it: in that language's name order,
 * with a space between the two, except in Chinese and Korean between two names in their own
 * scripts (王小明, 김민수; "Smith John" keeps its space). A missing name leaves no stray space.
 */
export function fullName(first: string, last: string, lang: Language): string {
  const [a, b] = inNameOrder(lang, first.trim(), last.trim());
  if (!a || !b) return a || b;
  return UNSPACED.has(lang) && CJK_END.test(a) && CJK_START.test(b) ? `${a}${b}` : `${a} ${b}`;
}
