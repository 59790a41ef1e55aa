import { splitKeywords } from './keywords';
import { pageParam } from './page-params';
import type { Direction } from './search-repo';
import { COUNT_KEY, DEFAULT_SORT, searchLists, searchOverview, type SearchKind } from './service';

/** The search page's tabs (spec §2): overview 0, badges 1, skills 2, issuers 3. */
export const TAB_KINDS: Record<1 | 2 | 3, SearchKind> = { 1: 'badges', 2: 'skills', 3: 'issuers' };
export type SearchTab = 0 | 1 | 2 | 3;

export interface SearchQuery {
  q: string;
  tab: SearchTab;
  page: number;
  sort: Direction;
}

/** Reads the page's address: `search_q`, `tab`, `page`, `sort`; anything odd falls back to defaults. */
export function readSearchQuery(params: URLSearchParams): SearchQuery {
  const q = (params.get('search_q') ?? '').slice(0, 200);
  const tabN = Number(params.get('tab') ?? 0);
  const tab = ([0, 1, 2, 3].includes(tabN) ? tabN : 0) as SearchTab;
  const page = pageParam(params);
  const asked = params.get('sort');
  const sort: Direction = asked === 'asc' || asked === 'desc' ? asked : tab ? DEFAULT_SORT[TAB_KINDS[tab]] : 'asc';
  return { q, tab, page, sort };
}

/** Everything the page shows: the counts (for the tabs) and the first 3 of each, plus the open list. */
export async function searchPageData(d1: D1Database, query: SearchQuery) {
  const k = splitKeywords(query.q);
  const open = query.tab ? TAB_KINDS[query.tab] : undefined;
  // The open list's own total is its tab's count, so the overview does not search that kind again.
  const [overview, list] = await Promise.all([
    searchOverview(d1, k, open),
    open ? searchLists[open](d1, k, query.page, query.sort) : null,
  ]);
  if (open && list) overview[COUNT_KEY[open]] = list.total_count;
  return { query, overview, list };
}
export type SearchPageData = Awaited<ReturnType<typeof searchPageData>>;
