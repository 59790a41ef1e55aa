import { CONFIG } from '../config';
import { OB_PREFIX } from '../openbadges/urls';
import { isEmpty, type Keywords } from './keywords';
import { searchRepo, type BadgeHit, type Direction, type IssuerHit, type SkillHit } from './search-repo';

export type SearchKind = 'badges' | 'skills' | 'issuers';

/** Spec §3 search items, with the image addresses the pages show. */
export const present = {
  badges: (r: BadgeHit) => ({
    badge_id: r.badge_class_id,
    issuer_id: r.issuer_id,
    badge_name: r.name,
    issuer_name: r.issuer_name,
    badge_image: r.has_image ? `${OB_PREFIX}/BadgeClass/${r.badge_class_id}/image` : null,
  }),
  skills: (r: SkillHit) => ({ tag_id: r.tag_id, tag_name: r.tag_name, badge_count: r.badge_count }),
  issuers: (r: IssuerHit) => ({
    issuer_id: r.issuer_id,
    issuer_name: r.name,
    issuer_image: r.has_image ? `${OB_PREFIX}/Issuer/${r.issuer_id}/image` : null,
  }),
};
export type BadgeItem = ReturnType<typeof present.badges>;
export type SkillItem = ReturnType<typeof present.skills>;
export type IssuerItem = ReturnType<typeof present.issuers>;

/** Spec §4: badges and issuers ascending by name, skills descending by how many badges carry them. */
export const DEFAULT_SORT: Record<SearchKind, Direction> = { badges: 'asc', skills: 'desc', issuers: 'asc' };

export const countOf = (r: D1Result | undefined) => (r?.results[0] as { n?: number } | undefined)?.n ?? 0;

async function runList<R, T>(
  d1: D1Database,
  q: { page: D1PreparedStatement; count: D1PreparedStatement },
  map: (r: R) => T,
) {
  const [rows, count] = await d1.batch([q.page, q.count]);
  return { items: ((rows?.results ?? []) as R[]).map(map), total_count: countOf(count) };
}
const slice = (kind: SearchKind, page: number) => {
  const size = CONFIG.pageSizes[kind];
  return { limit: size, offset: (page - 1) * size };
};

/** The lists of the search page: 20 per page, with the total; an empty keyword finds nothing. */
export const searchLists = {
  badges: async (d1: D1Database, k: Keywords, page: number, dir: Direction) =>
    isEmpty(k)
      ? { items: [] as BadgeItem[], total_count: 0 }
      : runList(d1, searchRepo(d1).badges(k, dir, slice('badges', page)), present.badges),
  skills: async (d1: D1Database, k: Keywords, page: number, dir: Direction) =>
    isEmpty(k)
      ? { items: [] as SkillItem[], total_count: 0 }
      : runList(d1, searchRepo(d1).skills(k, dir, slice('skills', page)), present.skills),
  issuers: async (d1: D1Database, k: Keywords, page: number, dir: Direction) =>
    isEmpty(k)
      ? { items: [] as IssuerItem[], total_count: 0 }
      : runList(d1, searchRepo(d1).issuers(k, dir, slice('issuers', page)), present.issuers),
};

/** The overview (tab 0): the first 3 of each kind and every count, in one D1 round trip. */
export async function searchOverview(d1: D1Database, k: Keywords) {
  const empty = { badges: [], tags: [], issuers: [], badge_count: 0, skill_count: 0, issuer_count: 0 };
  if (isEmpty(k)) return empty;
  const repo = searchRepo(d1);
  const first = { limit: CONFIG.search.overviewPerSection, offset: 0 };
  const b = repo.badges(k, DEFAULT_SORT.badges, first);
  const s = repo.skills(k, DEFAULT_SORT.skills, first);
  const i = repo.issuers(k, DEFAULT_SORT.issuers, first);
  const [bp, bc, sp, sc, ip, ic] = await d1.batch([b.page, b.count, s.page, s.count, i.page, i.count]);
  return {
    badges: ((bp?.results ?? []) as BadgeHit[]).map(present.badges),
    tags: ((sp?.results ?? []) as SkillHit[]).map(present.skills),
    issuers: ((ip?.results ?? []) as IssuerHit[]).map(present.issuers),
    badge_count: countOf(bc),
    skill_count: countOf(sc),
    issuer_count: countOf(ic),
  };
}
export type Overview = Awaited<ReturnType<typeof searchOverview>>;
