import type { Language } from '../../i18n/languages';
import {
  TRANSCRIPT_COLUMNS,
  transcriptCell,
  type ColumnAlign,
  type TranscriptCells,
  type TranscriptColumn,
} from '../../lib/transcript';
import { ThaiText } from '../lib/ThaiText';

/** The table's words, already translated (plurals and numbers filled in by the page). */
export interface TranscriptTableLabels {
  columns: Record<TranscriptColumn, string>;
  total: string;
  /** The totals, each under its own column: "5 courses", "16", "GPA: 3.91" (null: no GPA). */
  totals: { course: string; credits: string; grade: string | null } | null;
}

const ALIGN: Record<ColumnAlign, string | undefined> = { start: undefined, end: 'num', centre: 'centre' };

/**
 * A transcript's rows as its certificate page shows them: the PDF's columns in the PDF's order
 * (TRANSCRIPT_COLUMNS, shared with certificates/pdf-transcript.ts), then one footer row with the
 * totals and the GPA the PDF prints. Rendered on the server only; it has nothing to hydrate.
 */
export function TranscriptTable({
  rows,
  lang,
  labels,
}: {
  rows: TranscriptCells[];
  lang: Language;
  labels: TranscriptTableLabels;
}) {
  const totals = labels.totals;
  const total: Record<TranscriptColumn, string> | null = totals && {
    course: totals.course,
    credits: totals.credits,
    grade: totals.grade ?? '',
    term: '',
  };
  return (
    <table className="certificate-table transcript">
      <thead>
        <tr>
          {TRANSCRIPT_COLUMNS.map((c) => (
            <th key={c.key} scope="col" className={ALIGN[c.align]}>
              {labels.columns[c.key]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {TRANSCRIPT_COLUMNS.map((c) => (
              <td key={c.key} className={ALIGN[c.align]} dir={c.key === 'credits' ? undefined : 'auto'}>
                {transcriptCell(lang, r, c.key)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {total && (
        <tfoot>
          <tr>
            {TRANSCRIPT_COLUMNS.map((c, i) =>
              // The first column's cell heads the row: "Total", then that column's own total.
              i === 0 ? (
                <th key={c.key} scope="row" className={ALIGN[c.align]}>
                  <span className="transcript-total-label">
                    <ThaiText text={labels.total} />
                  </span>{' '}
                  <span>{total[c.key]}</span>
                </th>
              ) : (
                <td key={c.key} className={ALIGN[c.align]}>
                  {total[c.key]}
                </td>
              ),
            )}
          </tr>
        </tfoot>
      )}
    </table>
  );
}
