/**
 * The page numbers a pager shows around the current page (spec §9). The spec shows 7 buttons in
 * one place and 20 in another; 7 is used everywhere: it fits a 360 px screen.
 */
export function pageWindow(page: number, pages: number, buttons = 7): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(buttons / 2), pages - buttons + 1));
  return Array.from({ length: Math.min(buttons, pages) }, (_, i) => start + i);
}

/** Where a list's page lies among its pages (issue 35: `?page=2` of 6 items showed an empty list). */
export interface Paging {
  page: number;
  /** How many pages the list has: at least 1, an empty list being one empty page. */
  pages: number;
  /** The last page when `page` lies past it in a list that has items; null otherwise. */
  pastLast: number | null;
}

/**
 * The one rule of every paged list: `total` items at `perPage` a page make `pages` pages, and a
 * page past the last of a list that has items is said to be so, with a link to the last page,
 * instead of showing the count over an empty list.
 */
export function pagingOf(page: number, total: number, perPage: number): Paging {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return { page, pages, pastLast: total > 0 && page > pages ? pages : null };
}
