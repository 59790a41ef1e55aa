import { AppError } from '../errors';
import { acadPdfObjects, acadPdfRepo } from './pdf-repo';

/** Seconds a client is asked to wait before asking again for a PDF still being printed. */
export const PDF_RETRY_AFTER = 5;

/**
 * The owner's downloads of an academic document (spec §7 AdAssertion/Download/*). Each answers
 * 404 E404108 for a document that is someone else's, missing, revoked or deleted (AZ-01: nothing
 * says which). `Download/Blockchain` (the next issue) is to be one more method here, next to `pdf`.
 */
export function acadDownloadService(env: Env) {
  const repo = acadPdfRepo(env.DB);

  async function owned(id: string, accountId: string) {
    const doc = accountId ? await repo.owned(id, accountId) : null;
    if (!doc || doc.revokedAt || doc.deletedAt) throw new AppError('E404108');
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
  };
}
