import type { Language } from '../../i18n/languages';
import { hasThaiWord, wrapThaiWords } from '../../i18n/thai-words';

/*
 * Elements whose text a rewrite must leave alone: raw text (script, style, textarea, title), text
 * that may hold no elements (option), and islands, whose markup React hydrates and must find as it
 * rendered it (islands wrap their own words: src/islands/lib/ThaiText.tsx). An island's slot (the
 * terms of use inside the sign-up wizard) is static HTML React does not compare, so it is rewritten.
 */
const LEFT_ALONE = 'script, style, textarea, title, option, template, astro-island';
const REWRITTEN_AGAIN = 'astro-slot';

/**
 * A Thai page with the words of src/i18n/thai-words.ts kept whole on one line (issue 35, item 6),
 * rewritten as it streams. Text arrives in chunks that may cut a word, so each text node is held
 * until its last chunk and written once. Other languages and anything not HTML pass untouched.
 */
export function withThaiLines(res: Response, lang: Language): Response {
  if (lang !== 'th' || !res.body || !(res.headers.get('content-type') ?? '').startsWith('text/html')) return res;
  // Whether each open element of those above leaves its text alone, innermost last.
  const open: boolean[] = [];
  const enter = (alone: boolean) => ({
    element(el: Element) {
      open.push(alone);
      el.onEndTag(() => void open.pop());
    },
  });
  let held = '';
  return new HTMLRewriter()
    .on(LEFT_ALONE, enter(true))
    .on(REWRITTEN_AGAIN, enter(false))
    .onDocument({
      text(chunk) {
        if (open.at(-1)) return;
        // A whole text node in one chunk without a listed word, the usual case, is left as it is.
        if (!held && chunk.lastInTextNode && !hasThaiWord(chunk.text)) return;
        held += chunk.text;
        if (!chunk.lastInTextNode) return void chunk.remove();
        const raw = held;
        held = '';
        chunk.replace(wrapThaiWords(raw), { html: true });
      },
    })
    .transform(res);
}
