import { pageWindow, type Paging } from '../../lib/page-window';
import { PastLastPage, type PastLastLabels } from '../lib/PastLastPage';
import { ThaiText } from '../lib/ThaiText';

export interface PagerLabels extends PastLastLabels {
  pages: string;
  previous: string;
  next: string;
  pageN: string;
}

/**
 * Page links: previous, up to 7 numbers, next. Plain links, so paging works without JavaScript.
 * On a page past the last (pagingOf), it says so instead and links to the last page (issue 35).
 */
export function LinkPager({
  paging,
  href,
  labels,
}: {
  paging: Paging;
  href: (page: number) => string;
  labels: PagerLabels;
}) {
  const { page, pages, pastLast } = paging;
  if (pastLast !== null) return <PastLastPage page={page} last={pastLast} href={href(pastLast)} labels={labels} />;
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={labels.pages}>
      {page > 1 ? (
        <a className="btn btn-secondary" href={href(page - 1)} rel="prev">
          <ThaiText text={labels.previous} />
        </a>
      ) : (
        <span className="btn btn-secondary" aria-disabled="true">
          <ThaiText text={labels.previous} />
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
          <ThaiText text={labels.next} />
        </a>
      ) : (
        <span className="btn btn-secondary" aria-disabled="true">
          <ThaiText text={labels.next} />
        </span>
      )}
    </nav>
  );
}
