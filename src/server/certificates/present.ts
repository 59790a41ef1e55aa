import { safeUrl } from '../../lib/safe-url';
import type { AcadDocKind } from '../db/schema';
import { transcriptTotals } from '../issuing/templates';
import { gradePointAverage } from './gpa';
import type { AcadDetailRow, AcadListRow } from './acad-repo';

/** One certificate of the list (spec §3 "Academic document"), as the API and the list page show it. */
export interface CertificateItem {
  id: string;
  title: string;
  /** The recipient's name as the issuer wrote it. */
  name: string;
  issuer_name: string;
  /** Null for a learner record held from elsewhere (its issuer is not one of Lanyard's). */
  issuer_id: string | null;
  /** 'record': a CLR 2.0 learner record held from elsewhere (issue 38). */
  kind: AcadDocKind | 'record';
  /** Issued here to the account, or held from elsewhere (a learner record). */
  source: 'issued' | 'held';
  issued_on: string;
  is_public: boolean;
  revoked: boolean;
  pdf_state: 'pending' | 'ready' | 'failed';
}

export interface CertificateRow {
  course: string;
  credits: number | null;
  grade: string;
  term: string;
}

/** What the public sees of a certificate: never the address it was sent to, nor its PDF's state. */
export interface PublicCertificate {
  id: string;
  title: string;
  name: string;
  issuer_name: string;
  issuer_id: string;
  /** The issuer's website, only when it is http(s) (XSS-02). */
  issuer_url: string | null;
  kind: AcadDocKind;
  language: string;
  /** The template's heading in the document's language ("Diploma", "学位記"); null without one. */
  heading: string | null;
  issued_on: string;
  details: { label: string; value: string }[];
  rows: CertificateRow[];
  totals: { courses: number; credits: number } | null;
  /**
   * A transcript's grade point average, as its PDF prints it under the totals (gpa.ts; issue 35):
   * null when no GPA applies (mixed scales, no graded rows) and for the other kinds.
   */
  gpa: number | null;
}

/** The owner's detail: everything, with the revocation and the address it was sent to. */
export interface OwnerCertificate extends PublicCertificate {
  is_public: boolean;
  revoked: boolean;
  revoked_at: string | null;
  revoked_reason: string | null;
  recipient_email: string;
  pdf_state: 'pending' | 'ready' | 'failed';
  is_blockchain: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Parses a JSON column written by the issuer API; anything unreadable reads as `fallback`. */
function parse(json: string | null, fallback: unknown): unknown {
  if (!json) return fallback;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return fallback;
  }
}

const text = (v: unknown) =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The details in the order the issuer wrote them; nested values are not details and are left out. */
export function readDetails(json: string | null): { label: string; value: string }[] {
  const o = parse(json, {});
  if (!isRecord(o)) return [];
  return Object.entries(o)
    .filter(([, v]) => typeof v !== 'object' || v === null)
    .map(([label, v]) => ({ label, value: text(v) }));
}

/** The transcript's rows; a row that is not an object is skipped, a missing cell reads empty. */
export function readRows(json: string | null): CertificateRow[] {
  const rows = parse(json, []);
  if (!Array.isArray(rows)) return [];
  return rows.filter(isRecord).map((r) => {
    const credits = typeof r['credits'] === 'number' ? r['credits'] : Number.parseFloat(text(r['credits']));
    return {
      course: text(r['course']),
      credits: Number.isFinite(credits) ? credits : null,
      grade: text(r['grade']),
      term: text(r['term']),
    };
  });
}

/** A row the page could not read a credit value of counts no credits (in totals and the GPA's weights). */
const weighed = (rows: CertificateRow[]) => rows.map((r) => ({ ...r, credits: r.credits ?? 0 }));

/** Totals computed from the rows, never taken from the issuer: the PDF's rule (transcriptTotals). */
export function totalsOf(rows: CertificateRow[]): { courses: number; credits: number } {
  return transcriptTotals(weighed(rows));
}

/** The GPA the transcript's PDF prints, by the same rule (gpa.ts), so page and PDF agree. */
export const gpaOf = (rows: CertificateRow[]) => gradePointAverage(weighed(rows));

/** The template's heading in the document's language, else in the template's first language. */
export function headingOf(row: Pick<AcadDetailRow, 'headingsJson' | 'templateLanguagesJson' | 'language'>) {
  const headings = parse(row.headingsJson, {});
  if (!isRecord(headings)) return null;
  const languages = parse(row.templateLanguagesJson, []);
  const first = Array.isArray(languages) ? text(languages[0]) : '';
  return text(headings[row.language]) || text(headings[first]) || null;
}

export const listItem = (r: AcadListRow): CertificateItem => ({
  id: r.id,
  title: r.title,
  name: r.name,
  issuer_name: r.issuerName,
  issuer_id: r.issuerId,
  kind: r.kind,
  source: r.source,
  issued_on: iso(r.issuedOn),
  is_public: r.isPublic,
  revoked: r.revokedAt !== null,
  pdf_state: r.pdfState,
});

export function publicItem(r: AcadDetailRow): PublicCertificate {
  const rows = r.kind === 'transcript' ? readRows(r.rowsJson) : [];
  return {
    id: r.id,
    title: r.title,
    name: r.name,
    issuer_name: r.issuerName,
    issuer_id: r.issuerId,
    issuer_url: safeUrl(r.issuerUrl),
    kind: r.kind,
    language: r.language,
    heading: headingOf(r),
    issued_on: iso(r.issuedOn),
    details: readDetails(r.detailsJson),
    rows,
    totals: r.kind === 'transcript' ? totalsOf(rows) : null,
    gpa: r.kind === 'transcript' ? gpaOf(rows) : null,
  };
}

export const ownerItem = (r: AcadDetailRow): OwnerCertificate => ({
  ...publicItem(r),
  is_public: r.isPublic,
  revoked: r.revokedAt !== null,
  revoked_at: r.revokedAt === null ? null : iso(r.revokedAt),
  revoked_reason: r.revokedReason,
  recipient_email: r.recipientEmail,
  pdf_state: r.pdfState,
  is_blockchain: r.isBlockchain,
});
