import { AppError } from '../errors';
import { createLogger } from '../log';
import { acadPrintService, PermanentPdfFailure } from './pdf-service';

/** How many times one job follows a document that changed while it was being printed. */
const ROUNDS = 3;

/**
 * The outbox job that prints an academic document's PDF and stores it in R2 (issue 18). It prints
 * the document's current version, stores it at a key of that version, and marks it ready with one
 * conditional UPDATE that holds only if the version is still current and live, so a reissue or a
 * revoke meanwhile is never overwritten. Running it twice is harmless: a version already ready is
 * left alone, and printing again writes the same bytes to the same key.
 *
 * Failures: a permanent one (no template, a document the template cannot print) marks the document
 * 'failed' at once and ends the job; anything else is thrown, so the outbox retries with backoff,
 * and on its last attempt (`final`) the document is marked 'failed' first.
 */
export async function buildAcadDocPdf(
  env: Env,
  docId: string,
  now: number,
  attempt: { final: boolean } = { final: false },
): Promise<void> {
  const print = acadPrintService(env);
  const log = createLogger({ job: 'acad_pdf', docId }, env.LOG_LEVEL);
  for (let round = 0; round < ROUNDS; round += 1) {
    const row = await print.read(docId);
    // Gone, revoked or already printed at this version: nothing to do.
    if (!row || row.doc.revokedAt || row.doc.deletedAt) return;
    if (row.doc.pdfState === 'ready' && row.doc.pdfKey === print.keyOf(row.doc)) return;
    try {
      if (await print.printAndStore(row, now)) return;
      // The document changed while it was printed: print its new version.
    } catch (err) {
      const permanent = err instanceof PermanentPdfFailure || err instanceof AppError;
      log.error('certificate PDF failed', { error: String(err), permanent, final: attempt.final });
      if (permanent || attempt.final) await print.markFailed(row.doc);
      if (permanent) return;
      throw err;
    }
  }
}
