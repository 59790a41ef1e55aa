import { pick, type Translate } from '../../i18n/translator';

/** The `page` of a list address: a whole number from 1 to 10,000; anything else is page 1. */
export function pageParam(params: URLSearchParams): number {
  return Math.min(10_000, Math.max(1, Math.floor(Number(params.get('page') ?? 1)) || 1));
}

/** A list page's own address with its sort (left out when it is the default) and page. */
export function listHref(base: string, page: number, sort: string | null): string {
  const q = new URLSearchParams();
  if (sort) q.set('sort', sort);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

/** The keys of the past-the-last-page notice (islands/lib/PastLastPage.tsx), for `pick`. */
export const pastLastKeys = { pastLast: 'wallet.past_last_page', toLast: 'wallet.to_last_page' } as const;

/** The page links' labels, shared with the wallet's own pager, and the past-the-last-page notice's. */
export const pagerLabels = (t: Translate) =>
  pick(t, {
    pages: 'wallet.pages',
    previous: 'wallet.previous',
    next: 'wallet.next',
    pageN: 'wallet.page_n',
    ...pastLastKeys,
  });
