import { path } from '../../lib/paths';

export interface SearchAddress {
  q: string;
  tab: number;
  page?: number;
  sort?: 'asc' | 'desc';
}

/** The search page's address for a state: every list state is a link, so it works without JavaScript. */
export function searchHref(a: SearchAddress): string {
  const p = new URLSearchParams({ search_q: a.q });
  if (a.tab) p.set('tab', String(a.tab));
  if (a.page && a.page > 1) p.set('page', String(a.page));
  if (a.sort) p.set('sort', a.sort);
  return `${path('/search')}?${p.toString()}`;
}

export const badgeHref = (issuerId: string, badgeId: string) => path(`/issuers/${issuerId}/badges/${badgeId}`);
export const skillHref = (tagId: string) => path(`/skill/${tagId}`);
export const issuerHref = (issuerId: string) => path(`/issuers/${issuerId}`);

/** Spec §9: a skill's badge count shows 999+ past 999. */
export const cappedCount = (n: number, cap = 999) => (n > cap ? `${cap}+` : String(n));
