import { pageWindow } from '../../lib/page-window';

export interface PagerLabels {
  pages: string;
  previous: string;
  next: string;
  pageN: string;
}

/** Page links: previous, up to 7 numbers, next. Plain links, so paging works without JavaScript. */
export function LinkPager({
  page,
  pages,
  href,
  labels,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  labels: PagerLabels;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={labels.pages}>
      {page > 1 ? (
        <a className="btn btn-secondary" href={href(page - 1)} rel="prev">
          {labels.previous}
        </a>
      ) : (
        <span className="btn btn-secondary" aria-disabled="true">
          {labels.previous}
        </span>
      )}
      {pageWindow(page, pages).map((n) => (
        <a
          key={n}
          className={n === page ? 'btn' : 'btn btn-secondary'}
          href={href(n)}
          aria-current={n === page ? 'page' : undefined}
          aria-label={labels.pageN.replace('{{page}}', String(n))}
        >
          {n}
        </a>
      ))}
      {page < pages ? (
        <a className="btn btn-secondary" href={href(page + 1)} rel="next">
          {labels.next}
        </a>
      ) : (
        <span className="btn btn-secondary" aria-disabled="true">
          {labels.next}
        </span>
      )}
    </nav>
  );
}
