import { htmlLang, type Language } from '../../i18n/languages';
import type { Translate } from '../../i18n/translator';
import { formatCredits, formatGpa, type TranscriptColumn } from '../../lib/transcript';

/** The printed labels of an academic document, in its own language (pdf-language.ts, rule 3). */
export interface AcadPdfText {
  certifies: string;
  awarded: string;
  recordOf: string;
  issuedBy: string;
  issuedOn: string;
  documentId: string;
  verify: string;
  columns: Record<TranscriptColumn, string>;
  totalCredits: string;
  courses: string;
  gpa: string | null;
  page: (page: number, pages: number) => string;
  credential: string;
  assertion: string;
  /** The description of the attached CLR 2.0 record (issue 38). */
  clr: string;
}

export function acadPdfText(
  t: Translate,
  lang: Language,
  d: {
    issuer: string;
    issuedOn: number;
    id: string;
    url: string;
    credits: number;
    courses: number;
    gpa: number | null;
  },
): AcadPdfText {
  const date = new Intl.DateTimeFormat(htmlLang(lang), { dateStyle: 'long', timeZone: 'UTC' });
  return {
    certifies: t('certificate_pdf.certifies'),
    awarded: t('certificate_pdf.awarded'),
    recordOf: t('certificate_pdf.record_of'),
    issuedBy: t('certificate_pdf.issued_by', { issuer: d.issuer }),
    issuedOn: t('certificate_pdf.issued_on', { date: date.format(d.issuedOn) }),
    documentId: t('certificate_pdf.document_id', { id: d.id }),
    verify: t('certificate_pdf.verify', { url: d.url }),
    columns: {
      course: t('certificate_pdf.col_course'),
      credits: t('certificate_pdf.col_credits'),
      grade: t('certificate_pdf.col_grade'),
      term: t('certificate_pdf.col_term'),
    },
    totalCredits: t('certificate_pdf.total_credits', { credits: formatCredits(lang, d.credits) }),
    courses: t('certificate_pdf.course_count', { courses: d.courses }),
    gpa: d.gpa === null ? null : t('certificate_pdf.gpa', { gpa: formatGpa(lang, d.gpa) }),
    page: (page, pages) => t('certificate_pdf.page', { page, pages }),
    credential: t('certificate_pdf.credential_description'),
    assertion: t('certificate_pdf.assertion_description'),
    clr: t('certificate_pdf.clr_description'),
  };
}
