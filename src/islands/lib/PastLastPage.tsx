/** The notice's words, with {{page}} and {{last}} left in to be filled here. */
export interface PastLastLabels {
  pastLast: string;
  toLast: string;
}

const fill = (s: string, page: number, last: number) =>
  s.replace('{{page}}', String(page)).replace('{{last}}', String(last));

/**
 * What a paged list shows on a page past its last one (issue 35), instead of its count over an
 * empty list: that there is no such page, and the way back to the last one, a plain link (or, in
 * a list paged by an island, a button).
 */
export function PastLastPage({
  page,
  last,
  labels,
  href,
  onGo,
}: {
  page: number;
  last: number;
  labels: PastLastLabels;
  href?: string;
  onGo?: () => void;
}) {
  const to = fill(labels.toLast, page, last);
  return (
    <div className="notice past-last-page" data-testid="past-last-page">
      <p>{fill(labels.pastLast, page, last)}</p>
      {href !== undefined ? (
        <a className="btn btn-secondary" href={href}>
          {to}
        </a>
      ) : (
        <button type="button" className="btn btn-secondary" onClick={onGo}>
          {to}
        </button>
      )}
    </div>
  );
}
