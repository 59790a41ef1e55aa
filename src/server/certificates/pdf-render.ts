import { AFRelationship, PDFDocument } from '@pdfme/pdf-lib';
import * as fontkit from 'fontkit';
import { htmlLang } from '../../i18n/languages';
import { drawCertificate } from './pdf-certificate';
import type { AcadPdfInput } from './pdf-input';
import { drawFooters } from './pdf-parts';
import { drawTranscript } from './pdf-transcript';
import { typesetter } from './pdf-typeset';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type ParsedFont = ReturnType<Fontkit['create']>;

/**
 * fontkit, parsing each font file once per isolate: pdf-lib parses the file again for every PDF
 * (its tables took a fifth of a render). The files are immutable and a parsed font is only read;
 * each PDF still makes its own subset of it.
 */
const parsed = new WeakMap<ArrayBufferLike, ParsedFont>();
const cachedFontkit: Fontkit = {
  create(data: Uint8Array) {
    const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
    let font = whole ? parsed.get(data.buffer) : undefined;
    if (!font) {
      // fontkit 2's typings declare collections too; a single-face font file always gives a Font.
      font = (fontkit as unknown as Fontkit).create(data);
      if (whole) parsed.set(data.buffer, font);
    }
    return font;
  },
};

/** The names of the embedded credential files (verify/pdf/attachments.ts looks for the first). */
export const CREDENTIAL_FILE = 'credential.jws';
export const ASSERTION_FILE = 'assertion.json';
export const CLR_FILE = 'clr.json';

/**
 * The PDF of an academic document (issue 18): A4, drawn from its template in its own language with
 * embedded subset fonts, described by its metadata, and carrying its signed Open Badges credential
 * and its CLR 2.0 record as attached files, so the PDF proves itself wherever it travels. Nothing
 * is interpreted: every field is a plain string drawn as text (PDF-01).
 */
export async function renderAcadDocPdf(env: Env, input: AcadPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(cachedFontkit);
  doc.setTitle(`${input.title} – ${input.name}`, { showInWindowTitleBar: true });
  doc.setAuthor(input.issuer);
  doc.setSubject(`${input.heading}: ${input.title}`);
  doc.setKeywords([input.heading, input.kind, input.issuer, 'Open Badges 2.0']);
  doc.setCreator('Lanyard');
  doc.setProducer('Lanyard');
  doc.setLanguage(htmlLang(input.lang));
  doc.setCreationDate(input.date);
  doc.setModificationDate(input.date);
  const ts = typesetter(env, doc, input.lang);
  if (input.kind === 'transcript') await drawTranscript(doc, ts, input);
  else await drawCertificate(doc, ts, input);
  await drawFooters(doc, ts, input, input.kind === 'transcript' ? 22 : 40);
  if (input.credential) {
    const dates = { creationDate: input.date, modificationDate: input.date };
    await doc.attach(new TextEncoder().encode(input.credential.jws), CREDENTIAL_FILE, {
      mimeType: 'application/jose',
      description: input.text.credential,
      afRelationship: AFRelationship.Alternative,
      ...dates,
    });
    await doc.attach(new TextEncoder().encode(input.credential.assertion), ASSERTION_FILE, {
      mimeType: 'application/ld+json',
      description: input.text.assertion,
      afRelationship: AFRelationship.Data,
      ...dates,
    });
  }
  if (input.clr) {
    // The same document as a CLR 2.0 record (issue 38): verified where it is read, as the JWS is.
    await doc.attach(new TextEncoder().encode(input.clr), CLR_FILE, {
      mimeType: 'application/vc+ld+json',
      description: input.text.clr,
      afRelationship: AFRelationship.Alternative,
      creationDate: input.date,
      modificationDate: input.date,
    });
  }
  // Plain objects (no object streams): older readers and text extractors open it too.
  return doc.save({ useObjectStreams: false });
}
