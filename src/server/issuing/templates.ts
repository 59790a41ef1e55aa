import { LANGUAGES, type Language } from '../../i18n/languages';
import { ACAD_DOC_KINDS, type AcadDocKind } from '../db/schema';
import type { AcadDocRow, CertTemplateRow } from '../db/rows';

/*
 * The contract between the issuer side (which stores templates and documents) and the PDF (which
 * prints them): what a template may print, the transcript's row shape and its totals. Pure code,
 * no storage, so the printer, the pages and the API all read the same rules.
 */

export { ACAD_DOC_KINDS, type AcadDocKind };
export const TEMPLATE_LAYOUTS = ['classic', 'modern'] as const;
export type TemplateLayout = (typeof TEMPLATE_LAYOUTS)[number];

/**
 * The fields a template may print, in the order a template lists them. The QR code and the public
 * URL are not fields: every PDF prints them, because the PDF must lead back to its proof.
 * `rows` and `totals` belong to transcripts only.
 */
export const TEMPLATE_FIELDS = [
  'logo',
  'recipient_name',
  'title',
  'issuer_name',
  'issued_on',
  'details',
  'rows',
  'totals',
  'signer',
  'signature',
  'seal',
  'document_id',
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

/** Fields only a transcript prints. */
export const TRANSCRIPT_ONLY: readonly TemplateField[] = ['rows', 'totals'];

/** What a template prints when its issuer does not list fields. */
export const DEFAULT_FIELDS: Record<AcadDocKind, TemplateField[]> = {
  completion: ['logo', 'recipient_name', 'title', 'issuer_name', 'issued_on', 'details', 'signer', 'signature', 'seal'],
  diploma: [
    'logo',
    'recipient_name',
    'title',
    'issuer_name',
    'issued_on',
    'details',
    'signer',
    'signature',
    'seal',
    'document_id',
  ],
  transcript: ['logo', 'recipient_name', 'title', 'issuer_name', 'issued_on', 'details', 'rows', 'totals', 'signer'],
};

/** The images a template carries, and the column holding each one's R2 key. */
export const TEMPLATE_IMAGES = ['logo', 'signature', 'seal'] as const;
export type TemplateImage = (typeof TEMPLATE_IMAGES)[number];

/** Limits of what a document carries (the PDF budget: a 200-row transcript prints in under 1 s). */
export const ACAD_LIMITS = {
  maxRows: 300,
  maxDetails: 30,
  detailLabel: 100,
  detailValue: 1000,
  /** Template images: bytes and pixels, read from the header before anything is decoded. */
  imageMaxBytes: 1536 * 1024,
  imageMinPx: 16,
  imageMaxPx: 2000,
} as const;

/** One line of a transcript. Credits are a number (0-100, halves allowed); the rest is text. */
export interface TranscriptRow {
  course: string;
  credits: number;
  grade: string;
  term: string;
}

export interface TranscriptTotals {
  courses: number;
  credits: number;
}

/** A transcript's totals, computed, never taken from the issuer, so they always match the rows. */
export function transcriptTotals(rows: readonly TranscriptRow[]): TranscriptTotals {
  // Summed in tenths so 0.5 + 0.5 + ... never drifts into 2.9999999.
  const tenths = rows.reduce((n, r) => n + Math.round(r.credits * 10), 0);
  return { courses: rows.length, credits: tenths / 10 };
}

/** A template row with its JSON columns read. */
export interface CertTemplate {
  id: string;
  issuerId: string;
  name: string;
  kind: AcadDocKind;
  layout: TemplateLayout;
  /** The first language is the default of documents that name none. */
  languages: Language[];
  headings: Partial<Record<Language, string>>;
  fields: TemplateField[];
  signerName: string | null;
  signerTitle: string | null;
  images: Record<TemplateImage, string | null>;
  retired: boolean;
}

const isLanguage = (x: unknown): x is Language => (LANGUAGES as readonly unknown[]).includes(x);
const isField = (x: unknown): x is TemplateField => (TEMPLATE_FIELDS as readonly unknown[]).includes(x);

/** Reads a stored template; unknown values (from a later version) are dropped, not trusted. */
export function readTemplate(row: CertTemplateRow): CertTemplate {
  const languages = (JSON.parse(row.languagesJson) as unknown[]).filter(isLanguage);
  const headings = JSON.parse(row.headingsJson) as Record<string, unknown>;
  return {
    id: row.id,
    issuerId: row.issuerId,
    name: row.name,
    kind: row.kind,
    layout: row.layout,
    languages,
    headings: Object.fromEntries(
      languages.flatMap((l) => (typeof headings[l] === 'string' ? [[l, headings[l]]] : [])),
    ) as Partial<Record<Language, string>>,
    fields: (JSON.parse(row.fieldsJson) as unknown[]).filter(isField),
    signerName: row.signerName,
    signerTitle: row.signerTitle,
    images: { logo: row.logoKey, signature: row.signatureKey, seal: row.sealKey },
    retired: row.deletedAt !== null,
  };
}

/** A document's transcript rows ([] for other kinds). */
export function readRows(doc: Pick<AcadDocRow, 'rowsJson'>): TranscriptRow[] {
  return doc.rowsJson ? (JSON.parse(doc.rowsJson) as TranscriptRow[]) : [];
}

/** A document's details, label -> printed value, in the order the issuer gave them. */
export function readDetails(doc: Pick<AcadDocRow, 'detailsJson'>): [string, string][] {
  const d = JSON.parse(doc.detailsJson) as Record<string, unknown>;
  return Object.entries(d).map(([k, v]) => [k, String(v)]);
}

/** The heading printed on a document: its language's, else the template's default language's. */
export function headingFor(t: CertTemplate, lang: string): string {
  return t.headings[lang as Language] ?? t.headings[t.languages[0] ?? 'en'] ?? t.name;
}

/** The R2 key of an image: its extension says how to embed it (png or jpg). */
export const imageFormat = (key: string): 'png' | 'jpeg' => (key.endsWith('.png') ? 'png' : 'jpeg');
