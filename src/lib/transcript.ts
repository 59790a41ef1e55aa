import { htmlLang, type Language } from '../i18n/languages';

/*
 * A transcript's table as both its page and its PDF show it (issue 35, item 3): the columns, their
 * order and alignment, and how each cell and total is written. The page (CertificateView's
 * TranscriptTable) and the PDF (certificates/pdf-transcript.ts) both read these, so the two can no
 * longer disagree on the order of the columns or on how a number is printed.
 */

/**
 * The columns, in the order they are shown: the course, its credits, its grade, the term. Each one
 * names its label (`certificates.<key>` on the page, `certificate_pdf.col_<key>` in the PDF) and
 * how its cells sit: numbers at the end, grades centred, text at the start.
 */
export const TRANSCRIPT_COLUMNS = [
  { key: 'course', align: 'start' },
  { key: 'credits', align: 'end' },
  { key: 'grade', align: 'centre' },
  { key: 'term', align: 'start' },
] as const;

export type TranscriptColumn = (typeof TRANSCRIPT_COLUMNS)[number]['key'];
export type ColumnAlign = (typeof TRANSCRIPT_COLUMNS)[number]['align'];

/** A row as the page and the PDF read it; a page may meet a credit value it cannot read (null). */
export interface TranscriptCells {
  course: string;
  credits: number | null;
  grade: string;
  term: string;
}

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: Language, min: number, max: number): Intl.NumberFormat {
  const key = `${lang}:${min}:${max}`;
  let f = formats.get(key);
  if (!f)
    formats.set(
      key,
      (f = new Intl.NumberFormat(htmlLang(lang), { minimumFractionDigits: min, maximumFractionDigits: max })),
    );
  return f;
}

/** Credits as the language writes numbers, with up to one decimal (halves and tenths exist). */
export const formatCredits = (lang: Language, credits: number) => numberFormat(lang, 0, 1).format(credits);

/** A grade point average, always with two decimals ("3.91", "4.00"), as the PDF prints it. */
export const formatGpa = (lang: Language, gpa: number) => numberFormat(lang, 2, 2).format(gpa);

/** One cell's text: credits formatted for the language (empty when unreadable), the rest as written. */
export function transcriptCell(lang: Language, row: TranscriptCells, column: TranscriptColumn): string {
  if (column === 'credits') return row.credits === null ? '' : formatCredits(lang, row.credits);
  return row[column];
}
