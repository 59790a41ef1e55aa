import { htmlLang, type Language } from '../../i18n/languages';
import type { Translate } from '../../i18n/translator';

/** The printed labels of an academic document, in its own language (pdf-language.ts, rule 3). */
export interface AcadPdfText {
  certifies: string;
  awarded: string;
  recordOf: string;
  issuedBy: string;
  issuedOn: string;
  documentId: string;
  verify: string;
  columns: { course: string; credits: string; grade: string; term: string };
  totalCredits: string;
  courses: string;
  gpa: string | null;
  page: (page: number, pages: number) => string;
  credential: string;
  assertion: string;
}

/** Numbers as the language writes them (credits keep up to one decimal, a GPA two). */
const number = (lang: Language, digits: number) =>
  new Intl.NumberFormat(htmlLang(lang), { maximumFractionDigits: digits, minimumFractionDigits: 0 });

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
  const n1 = number(lang, 1);
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
    totalCredits: t('certificate_pdf.total_credits', { credits: n1.format(d.credits) }),
    courses: t('certificate_pdf.course_count', { courses: d.courses }),
    gpa:
      d.gpa === null
        ? null
        : t('certificate_pdf.gpa', {
            gpa: new Intl.NumberFormat(htmlLang(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
              d.gpa,
            ),
          }),
    page: (page, pages) => t('certificate_pdf.page', { page, pages }),
    credential: t('certificate_pdf.credential_description'),
    assertion: t('certificate_pdf.assertion_description'),
  };
}

/** A credit value as printed in a row. */
export const formatCredits = (lang: Language, credits: number) => number(lang, 1).format(credits);
