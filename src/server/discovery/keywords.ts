import { CONFIG } from '../config';

/**
 * Spec §5: the keyword is split on spaces (ASCII or ideographic) into words, and every word must
 * match. Words of 3+ characters go to the trigram index; 1–2 character words (a Japanese or Chinese
 * word is often two) are matched with LIKE, which the trigram index cannot serve.
 */
export interface Keywords {
  long: string[];
  short: string[];
}

const MAX_WORD = 50;

export function splitKeywords(input: string | string[]): Keywords {
  const raw = (Array.isArray(input) ? input : [input]).flatMap((s) => s.split(/[\s\u3000]+/u));
  const words = [...new Set(raw.map((w) => w.trim()).filter(Boolean))]
    .slice(0, CONFIG.search.maxWords)
    .map((w) => [...w].slice(0, MAX_WORD).join(''));
  const length = (w: string) => [...w].length;
  return { long: words.filter((w) => length(w) >= 3), short: words.filter((w) => length(w) < 3) };
}

export const isEmpty = (k: Keywords) => k.long.length === 0 && k.short.length === 0;

/** An FTS5 query in which every word is a quoted string (no operator can be injected), all ANDed. */
export function ftsQuery(words: string[]): string {
  return words.map((w) => `"${w.replaceAll('"', '""')}"`).join(' AND ');
}

/** A LIKE pattern for a substring, with LIKE's own wildcards escaped (ESCAPE '\'). */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
