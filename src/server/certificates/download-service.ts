import { downloadName } from '../../lib/file-names';
import { clrIssuing } from '../clr/issue';
import { AppError } from '../errors';
import type { FileOut } from '../http/file';
import { acadPdfObjects, acadPdfRepo } from './pdf-repo';

/** Seconds a client is asked to wait before asking again for a PDF still being printed. */
export const PDF_RETRY_AFTER = 5;

/**
 * The owner's downloads of an academic document (spec §7 AdAssertion/Download/*). Each answers
 * 404 E404108 for a document that is someone else's, missing or deleted (AZ-01: nothing says
 * which). The owner's revoked document is still on their page, so its download says why it is
 * refused: 410 E410181. Its PDF carries the signed credential as an attachment, and a revoked
 * credential is never handed out as if it were valid (docs/design/decisions.md "Downloads of a revoked badge or
 * certificate"); the Blockcerts download (blockcerts/service.ts) follows the same rule.
 */
export function acadDownloadService(env: Env) {
  const repo = acadPdfRepo(env.DB);

  async function owned(id: string, accountId: string) {
    const doc = accountId ? await repo.owned(id, accountId) : null;
    if (!doc || doc.deletedAt) throw new AppError('E404108');
    if (doc.revokedAt) throw new AppError('E410181');
    return doc;
  }

  return {
    /** The stored PDF: pending 409 E409117 (try again shortly), failed 503 E503101, gone from R2 404 E404109. */
    async pdf(id: string, accountId: string) {
      const doc = await owned(id, accountId);
      if (doc.pdfState === 'pending') throw new AppError('E409117');
      if (doc.pdfState === 'failed' || !doc.pdfKey) throw new AppError('E503101');
      const obj = await acadPdfObjects(env.BUCKET).get(doc.pdfKey);
      if (!obj) throw new AppError('E404109');
      return { doc, body: obj.body, size: obj.size };
    },

    /**
     * The document's signed CLR 2.0 record (issue 38), as JSON to save:
     * learner_record_{title}_{date}.json. Signed on first use (its courses, then the record), then
     * the kept copy; compact, as kept, so a long transcript's record stays within what a verifier
     * takes pasted (256 KiB here).
     */
    async clr(id: string, accountId: string): Promise<FileOut> {
      const doc = await owned(id, accountId);
      const record = await clrIssuing.credential(env, doc.id);
      if (!record) throw new AppError('E404108');
      const name = downloadName('clr', doc.title, 'json', doc.issuedOn);
      // A verifiable credential's media type, as the OB 3.0 download's (and not application/json, which
      // the page's download island reads as an error body).
      return { body: JSON.stringify(record), type: 'application/vc+ld+json', name };
    },
  };
}

/** The stored PDF as the file to save: acaddoc_{title}_{yyyymmdd}.pdf, its size known from R2. */
export function acadPdfFile(r: {
  doc: { title: string; issuedOn: number | string };
  body: ReadableStream;
  size: number;
}): FileOut {
  const name = downloadName('acaddoc', r.doc.title, 'pdf', r.doc.issuedOn);
  return { body: r.body, type: 'application/pdf', name, size: r.size };
}
