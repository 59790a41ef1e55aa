import { Fragment } from 'react';
import { hasThaiWord, splitThaiWords, THAI_LINE_CLASS, THAI_WORD_CLASS } from '../../i18n/thai-words';

/**
 * A label an island shows, with each Thai word of src/i18n/thai-words.ts kept whole on one line
 * (issue 35, item 6), as the page rewrite does for the rest of a Thai page, inside one span for
 * the whole text (see wrapThaiWords). The text is unchanged:
 * the words are only wrapped, so it reads and copies as typed. Any other text renders as it is.
 */
export function ThaiText({ text }: { text: string | null | undefined }) {
  if (!text || !hasThaiWord(text)) return text ?? null;
  // One span around the whole text, so a flex parent (a button) lays it out as one item.
  return (
    <span className={THAI_LINE_CLASS}>
      {splitThaiWords(text).map((p, i) =>
        typeof p === 'string' ? (
          <Fragment key={i}>{p}</Fragment>
        ) : (
          <span key={i} className={THAI_WORD_CLASS}>
            {p.word}
          </span>
        ),
      )}
    </span>
  );
}
