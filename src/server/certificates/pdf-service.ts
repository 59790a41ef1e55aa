import { toLanguage } from '../../i18n/languages';
import type { AcadDocRow } from '../db/rows';
import { acadPdfName } from './pdf-language';
import { qrPng } from '../images/qr';
import { hostedService } from '../hosted/service';
import { walletUrl } from '../http/wallet-url';
import {
  ACAD_LIMITS,
  DEFAULT_FIELDS,
  headingFor,
  readDetails,
  readRows,
  readTemplate,
  transcriptTotals,
} from '../issuing/templates';
import { gradePointAverage } from './gpa';
import type { AcadPdfInput } from './pdf-input';
import { acadPdfKey, acadPdfObjects, acadPdfRepo, type PrintRow } from './pdf-repo';
import { acadPdfText } from './pdf-text';
import { translator } from '../http/translator';
import { clrIssuing } from '../clr/issue';
import { createLogger } from '../log';

/** A failure that trying again cannot mend (E422105 semantics: the template is missing). */
export class PermanentPdfFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PermanentPdfFailure';
  }
}

/** The public page of a document: what its QR code and printed URL open. */
export const acadPublicUrl = (env: Env, id: string) => walletUrl(env, `/public/acaddocs/detail/${id}`);

/** Everything the PDF shows, read from the document, its template, its owner and R2. */
export async function acadPdfInput(env: Env, row: PrintRow): Promise<AcadPdfInput> {
  const { doc } = row;
  if (!row.template) throw new PermanentPdfFailure('E422105: the document has no template');
  const tpl = readTemplate(row.template);
  const lang = toLanguage(doc.language) ?? tpl.languages[0] ?? 'en';
  const t = await translator(env, lang);
  const rows = doc.kind === 'transcript' ? readRows(doc).slice(0, ACAD_LIMITS.maxRows) : [];
  const totals = transcriptTotals(rows);
  const url = acadPublicUrl(env, doc.id);
  const objects = acadPdfObjects(env.BUCKET);
  const [logo, signature, seal, qr, signed] = await Promise.all([
    objects.bytes(tpl.images.logo),
    objects.bytes(tpl.images.signature),
    objects.bytes(tpl.images.seal),
    qrPng(url, 240),
    hostedService(env).acad.signed(doc.id),
  ]);
  return {
    lang,
    kind: doc.kind,
    layout: tpl.layout,
    fields: new Set(tpl.fields.length ? tpl.fields : DEFAULT_FIELDS[doc.kind]),
    heading: headingFor(tpl, lang),
    name: acadPdfName(t, lang, doc.name, row),
    title: doc.title,
    issuer: doc.issuerName,
    docId: doc.id,
    details: readDetails(doc).slice(0, ACAD_LIMITS.maxDetails),
    rows,
    text: acadPdfText(t, lang, {
      issuer: doc.issuerName,
      issuedOn: doc.issuedOn,
      id: doc.id,
      url,
      credits: totals.credits,
      courses: totals.courses,
      gpa: gradePointAverage(rows),
    }),
    signer: { name: tpl.signerName, title: tpl.signerTitle },
    images: { logo, signature, seal },
    qrPng: qr,
    url,
    date: new Date(doc.updatedAt || doc.createdAt),
    credential: signed.kind === 'ok' && signed.jws ? { jws: signed.jws, assertion: JSON.stringify(signed.doc) } : null,
    // Signed here on first use and kept (issue 38), so the PDF and the download carry the same record.
    clr: await clrRecordText(env, doc.id),
  };
}

/**
 * The record attached to the PDF. A record that cannot be signed now does not stop the PDF: it is
 * printed without one (the owner's download signs it later), and the failure is logged.
 */
async function clrRecordText(env: Env, docId: string): Promise<string | null> {
  try {
    const record = await clrIssuing.credential(env, docId);
    return record ? JSON.stringify(record) : null;
  } catch (err) {
    createLogger({ job: 'acad_pdf', docId }, env.LOG_LEVEL).error('clr record not signed', {
      error: String(err).slice(0, 300),
    });
    return null;
  }
}

/** Printing an academic document's PDF and keeping its state (the job in pdf-job.ts drives it). */
export function acadPrintService(env: Env) {
  const repo = acadPdfRepo(env.DB);
  const keyOf = (doc: Pick<AcadDocRow, 'id' | 'updatedAt'>) => acadPdfKey(doc.id, doc.updatedAt);
  return {
    read: (id: string) => repo.forPrinting(id),
    keyOf,
    markFailed: (doc: Pick<AcadDocRow, 'id' | 'updatedAt'>) => repo.markFailed(doc.id, doc.updatedAt),

    /** Prints, stores, and marks ready; false when the document changed or went meanwhile. */
    async printAndStore(row: PrintRow, _now: number): Promise<boolean> {
      // Loaded on first use (issue 37): the PDF writer, fontkit and their tables stay out of start-up.
      const { renderAcadDocPdf } = await import('./pdf-render');
      const pdf = await renderAcadDocPdf(env, await acadPdfInput(env, row));
      const key = keyOf(row.doc);
      await acadPdfObjects(env.BUCKET).put(key, pdf);
      return repo.markReady(row.doc.id, row.doc.updatedAt, key);
    },
  };
}
