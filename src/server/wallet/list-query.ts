import { CONFIG } from '../config';

/** Sort keys of spec §3, ascending or with a leading "-" descending; the default is -IssuedOn (§9). */
export const SORT_KEYS = ['BadgeName', 'IssuerName', 'IssuedOn', 'createDate', 'awarded'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
const COLUMNS: Record<SortKey, string> = {
  BadgeName: 'name COLLATE NOCASE',
  IssuerName: 'issuer_name COLLATE NOCASE',
  IssuedOn: 'issued_on',
  createDate: 'created_at',
  awarded: 'accepted_at',
};

/** Visibility filter of spec §3: 0 all, 1 public, 2 private, 3 unpublishable, 4 unaccepted. */
export type Visibility = 0 | 1 | 2 | 3 | 4;
/**
 * Search types of spec §3: badge name, issuer name, recipient name (the address it was sent to).
 * A badge is also found by its skills under "badge name" (issue 21: an OB 3.0 badge by its tags).
 */
export type SearchType = 0 | 1 | 2;
const SEARCH_COLUMNS: Record<SearchType, string[]> = { 0: ['name', 'skills'], 1: ['issuer_name'], 2: ['email'] };

export interface ListQuery {
  sort: string;
  keyword: string;
  types: SearchType[];
  visibility: Visibility;
  page: number;
}

/** The ORDER BY for a sort key; unknown keys fall back to the default. Ties break on id. */
export function orderBy(sort: string): string {
  const desc = sort.startsWith('-');
  const key = (desc ? sort.slice(1) : sort) as SortKey;
  if (!SORT_KEYS.includes(key)) return 'issued_on DESC, id DESC';
  return `${COLUMNS[key]} ${desc ? 'DESC' : 'ASC'}, id ${desc ? 'DESC' : 'ASC'}`;
}

/** Spec §5: the keyword is split on spaces into words; each word must match one searched field. */
export function keywordWords(keyword: string): string[] {
  return keyword
    .split(/\s+/u)
    .map((w) => w.trim())
    .filter(Boolean)
    .slice(0, CONFIG.search.maxWords);
}

/** `(name LIKE ? OR issuer_name LIKE ?) AND (…)` for each word, with its parameters. */
export function keywordClause(words: string[], types: SearchType[]): { sql: string; params: string[] } {
  const columns = (types.length ? types : ([0, 1] as SearchType[])).flatMap((t) => SEARCH_COLUMNS[t]);
  const params: string[] = [];
  const parts = words.map((w) => {
    const like = `%${w.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    return `(${columns.map((c) => (params.push(like), `${c} LIKE ? ESCAPE '\\'`)).join(' OR ')})`;
  });
  return { sql: parts.length ? parts.join(' AND ') : '1', params };
}
