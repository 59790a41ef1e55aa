import { pageWindow } from '../../lib/page-window';
import { ThaiText } from '../lib/ThaiText';

/** Page buttons: previous, up to seven numbers around the current page, next (spec §9). */
export function Pager({
  page,
  pages,
  labels,
  onPage,
}: {
  page: number;
  pages: number;
  labels: { label: string; previous: string; next: string; page: string };
  onPage: (page: number) => void;
}) {
  const numbers = pageWindow(page, pages);
  return (
    <nav className="pager" aria-label={labels.label}>
      <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ThaiText text={labels.previous} />
      </button>
      {numbers.map((n) => (
        <button
          key={n}
          type="button"
          className={n === page ? 'btn' : 'btn btn-secondary'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={labels.page.replace('{{page}}', String(n))}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className="btn btn-secondary"
        disabled={page >= pages}
        onClick={() => void onPage(page + 1)}
      >
        <ThaiText text={labels.next} />
      </button>
    </nav>
  );
}
