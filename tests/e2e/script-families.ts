import type { Language } from '../../src/i18n/languages';

/**
 * One language for each script family the interface is written in (issue 34, item 5). A page's
 * layout, its axe findings and the web font that draws it depend on the script, not on which of
 * the languages sharing it is shown; that all nine catalogues hold the same keys and placeholders
 * is the catalogue test's job (tests/unit/catalogues.test.ts), and each CJK face (JP, KR, SC, TC)
 * is checked on its own by page-fonts.spec.ts and web-fonts.spec.ts.
 *
 * - Latin: Vietnamese, whose stacked diacritics make the tallest Latin lines (English and
 *   Indonesian use a subset of its letters);
 * - CJK: Japanese, which mixes kana and kanji, and is the language of the demo data;
 * - Thai, with no spaces between words and marks above and below;
 * - Bengali, with conjuncts, the longest words of the nine.
 */
export const ONE_PER_SCRIPT = ['vi', 'ja', 'th', 'bn-BD'] as const satisfies readonly Language[];
