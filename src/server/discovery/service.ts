import { CONFIG } from '../config';
import { OB_PREFIX } from '../openbadges/urls';
import { isEmpty, type Keywords } from './keywords';
import { searchRepo, type BadgeHit, type Direction, type IssuerHit, type SkillHit } from './search-repo';

export type SearchKind = 'badges' | 'skills' | 'issuers';

/** Spec §3 search items, with the image addresses the pages show. */
export const present = {
  badges: (r: BadgeHit) => ({
    badge_id: r.badgeClassId,
    issuer_id: r.issuerId,
    badge_name: r.name,
    issuer_name: r.issuerName,
    badge_image: r.hasImage ? `${OB_PREFIX}/BadgeClass/${r.badgeClassId}/image` : null,
  }),
  skills: (r: SkillHit) => ({ tag_id: r.id, tag_name: r.name, badge_count: r.publicBadgeCount }),
  issuers: (r: IssuerHit) => ({
    issuer_id: r.issuerId,
    issuer_name: r.name,
    issuer_image: r.hasImage ? `${OB_PREFIX}/Issuer/${r.issuerId}/image` : null,
  }),
};
export type BadgeItem = ReturnType<typeof present.badges>;
export type SkillItem = ReturnType<typeof present.skills>;
export type IssuerItem = ReturnType<typeof present.issuers>;

/** Spec §4: badges and issuers ascending by name, skills descending by how many badges carry them. */
export const DEFAULT_SORT: Record<SearchKind, Direction> = { badges: 'asc', skills: 'desc', issuers: 'asc' };

export const countOf = (r: D1Result | undefined) => (r?.results[0] as { n?: number } | undefined)?.n ?? 0;

type Hit = { total?: number };
type Search = { page: D1PreparedStatement; count: D1PreparedStatement };

/** A page and its total, carried by the rows' window count (only a page past the end asks `count`). */
async function runList<R extends Hit, T>(q: Search, offset: number, map: (r: R) => T) {
  const rows = (await q.page.all<R>()).results;
  const total = rows[0]?.total ?? (offset > 0 ? countOf(await q.count.all()) : 0);
  return { items: rows.map(map), total_count: total };
}

/** One list of the search page: 20 per page, with the total; an empty keyword finds nothing. */
function list<K extends SearchKind, R extends Hit, T>(kind: K, map: (r: R) => T) {
  return async (d1: D1Database, k: Keywords, page: number, dir: Direction) => {
    const size = CONFIG.pageSizes[kind];
    const slice = { limit: size, offset: (page - 1) * size };
    if (isEmpty(k)) return { items: [] as T[], total_count: 0 };
    return runList(searchRepo(d1)[kind](k, dir, slice) as Search, slice.offset, map);
  };
}

export const searchLists = {
  badges: list('badges', present.badges),
  skills: list('skills', present.skills),
  issuers: list('issuers', present.issuers),
};

export const COUNT_KEY = { badges: 'badge_count', skills: 'skill_count', issuers: 'issuer_count' } as const;

/**
 * The overview (tab 0): the first 3 of each kind and every count, in one D1 round trip of up to 3
 * statements. `skip` leaves out a kind whose full list the caller reads anyway (its count is 0 here).
 */
export async function searchOverview(d1: D1Database, k: Keywords, skip?: SearchKind) {
  const empty = { badges: [], tags: [], issuers: [], badge_count: 0, skill_count: 0, issuer_count: 0 };
  if (isEmpty(k)) return empty;
  const repo = searchRepo(d1);
  const first = { limit: CONFIG.search.overviewPerSection, offset: 0 };
  const kinds = (['badges', 'skills', 'issuers'] as const).filter((kind) => kind !== skip);
  const results = await d1.batch(kinds.map((kind) => repo[kind](k, DEFAULT_SORT[kind], first).page));
  const found = new Map(kinds.map((kind, i) => [kind, (results[i]?.results ?? []) as Hit[]]));
  const rows = <R extends Hit>(kind: SearchKind) => (found.get(kind) ?? []) as R[];
  const overview = {
    ...empty,
    badges: rows<BadgeHit>('badges').map(present.badges),
    tags: rows<SkillHit>('skills').map(present.skills),
    issuers: rows<IssuerHit>('issuers').map(present.issuers),
  };
  for (const kind of kinds) overview[COUNT_KEY[kind]] = rows(kind)[0]?.total ?? 0;
  return overview;
}
export type Overview = Awaited<ReturnType<typeof searchOverview>>;
