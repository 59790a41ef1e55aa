import { and, eq, isNull } from 'drizzle-orm';
import { db } from '../../db/client';
import { acadDocs, clrCredentials, issuers } from '../../db/schema';

/** SQL for the CLR form of academic documents (issue 38): what it is built from, and the kept copy. */
export function clrIssueRepo(d1: D1Database) {
  const d = db(d1);
  return {
    /** The signed record kept for a document, or null when none was made yet. */
    async kept(docId: string): Promise<string | null> {
      const rows = await d
        .select({ json: clrCredentials.credentialJson })
        .from(clrCredentials)
        .where(eq(clrCredentials.docId, docId))
        .limit(1);
      return rows[0]?.json ?? null;
    },

    /** Keeps the first signed copy; a parallel first use loses the race and reads the winner's. */
    async keep(docId: string, keyId: string, json: string, now: number): Promise<void> {
      await d
        .insert(clrCredentials)
        .values({ docId, keyId, credentialJson: json, createdAt: now })
        .onConflictDoNothing()
        .run();
    },

    /** A live document (not deleted) with its issuer (not deleted), or null. */
    async doc(docId: string) {
      const rows = await d
        .select({ doc: acadDocs, issuer: issuers })
        .from(acadDocs)
        .innerJoin(issuers, and(eq(issuers.id, acadDocs.issuerId), isNull(issuers.deletedAt)))
        .where(and(eq(acadDocs.id, docId), isNull(acadDocs.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
