import { and, eq, isNull } from 'drizzle-orm';
import { db } from '../db/client';
import { accounts, acadDocs, certTemplates } from '../db/schema';

/** R2 key of a document's PDF: one object per version, so a reissue or revoke never races a reader. */
export const acadPdfKey = (docId: string, updatedAt: number) => `acad-docs/${docId}/${updatedAt}.pdf`;

/** SQL of an academic document's PDF (issue 18): what printing reads, and its state. */
export function acadPdfRepo(d1: D1Database) {
  const d = db(d1);
  const live = (id: string, updatedAt: number) =>
    and(eq(acadDocs.id, id), eq(acadDocs.updatedAt, updatedAt), isNull(acadDocs.revokedAt), isNull(acadDocs.deletedAt));
  return {
    /** The document, its template (retired or not: an issued document keeps its look), its owner's English names. */
    async forPrinting(id: string) {
      const rows = await d
        .select({
          doc: acadDocs,
          template: certTemplates,
          firstNameEn: accounts.firstNameEn,
          lastNameEn: accounts.lastNameEn,
        })
        .from(acadDocs)
        .leftJoin(certTemplates, eq(certTemplates.id, acadDocs.templateId))
        .leftJoin(accounts, eq(accounts.id, acadDocs.accountId))
        .where(eq(acadDocs.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Ready, only if the document is still this version and live; false when it changed meanwhile. */
    async markReady(id: string, updatedAt: number, key: string): Promise<boolean> {
      const res = await d
        .update(acadDocs)
        .set({ pdfState: 'ready', pdfKey: key })
        .where(live(id, updatedAt))
        .returning({ id: acadDocs.id });
      return res.length === 1;
    },

    /** Failed, only if this version is still waiting for its PDF. */
    async markFailed(id: string, updatedAt: number): Promise<void> {
      await d
        .update(acadDocs)
        .set({ pdfState: 'failed' })
        .where(and(live(id, updatedAt), eq(acadDocs.pdfState, 'pending')))
        .run();
    },

    /** The owner's document for a download; null for anyone else's or a missing one (AZ-01). */
    async owned(id: string, accountId: string) {
      const rows = await d
        .select({
          id: acadDocs.id,
          title: acadDocs.title,
          issuedOn: acadDocs.issuedOn,
          revokedAt: acadDocs.revokedAt,
          deletedAt: acadDocs.deletedAt,
          pdfState: acadDocs.pdfState,
          pdfKey: acadDocs.pdfKey,
        })
        .from(acadDocs)
        .where(and(eq(acadDocs.id, id), eq(acadDocs.accountId, accountId)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type PrintRow = NonNullable<Awaited<ReturnType<ReturnType<typeof acadPdfRepo>['forPrinting']>>>;

/** The objects a PDF reads and writes: template images in, the printed PDF out. */
export function acadPdfObjects(bucket: R2Bucket) {
  return {
    async bytes(key: string | null): Promise<Uint8Array | null> {
      const obj = key ? await bucket.get(key) : null;
      return obj ? new Uint8Array(await obj.arrayBuffer()) : null;
    },
    put: (key: string, pdf: Uint8Array) => bucket.put(key, pdf, { httpMetadata: { contentType: 'application/pdf' } }),
    get: (key: string) => bucket.get(key),
  };
}
