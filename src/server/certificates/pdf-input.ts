import type { Language } from '../../i18n/languages';
import type { AcadDocKind, TemplateField, TemplateLayout, TranscriptRow } from '../issuing/templates';
import type { AcadPdfText } from './pdf-text';

/** Everything an academic document's PDF shows, already read, chosen and translated. */
export interface AcadPdfInput {
  lang: Language;
  kind: AcadDocKind;
  layout: TemplateLayout;
  /** What the template prints; the QR code, its URL and the credential are always there. */
  fields: ReadonlySet<TemplateField>;
  heading: string;
  /** The recipient's name as printed (pdf-language.ts, rule 3). */
  name: string;
  title: string;
  issuer: string;
  docId: string;
  details: [string, string][];
  rows: TranscriptRow[];
  text: AcadPdfText;
  signer: { name: string | null; title: string | null };
  /** Template images as stored (PNG or JPEG, told apart by their bytes). */
  images: { logo: Uint8Array | null; signature: Uint8Array | null; seal: Uint8Array | null };
  qrPng: Uint8Array;
  url: string;
  /** The PDF's dates: the document version's, so printing it again gives the same bytes. */
  date: Date;
  /** The signed credential (compact JWS) and the assertion it carries; null when not verifiable. */
  credential: { jws: string; assertion: string } | null;
  /** The document's signed CLR 2.0 record (issue 38) as JSON, attached beside it; null for none. */
  clr: string | null;
}
