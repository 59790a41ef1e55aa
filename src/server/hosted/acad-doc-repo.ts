import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import { db } from '../db/client';
import { acadDocs, certTemplates, issuerKeys } from '../db/schema';

/** SQL of academic documents as their Open Badges 2.0 assertions are served (issue 18). */
export function acadDocRepo(d1: D1Database) {
  const d = db(d1);
  return {
    /**
     * Everything hosting and signing a document needs, in one round trip: the document, its
     * template, and the issuer's signing key (the oldest live one, the same rule as badges).
     */
    async forHosting(id: string) {
      const signingKeyId = sql<
        string | null
      >`(SELECT k.id FROM issuer_keys k WHERE k.issuer_id = ${acadDocs.issuerId} AND k.revoked_at IS NULL ORDER BY k.created_at LIMIT 1)`;
      const rows = await d
        .select({
          doc: acadDocs,
          template: certTemplates,
          keyId: signingKeyId,
          privateKeyEnc: issuerKeys.privateKeyEnc,
        })
        .from(acadDocs)
        .leftJoin(certTemplates, eq(certTemplates.id, acadDocs.templateId))
        .leftJoin(issuerKeys, eq(issuerKeys.id, signingKeyId))
        .where(eq(acadDocs.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Revoked or deleted documents of an issuer that carried an identity, for its RevocationList. */
    async revokedSigned(issuerId: string) {
      return d
        .select({ id: acadDocs.id, reason: acadDocs.revokedReason, deletedAt: acadDocs.deletedAt })
        .from(acadDocs)
        .where(
          and(
            eq(acadDocs.issuerId, issuerId),
            ne(acadDocs.recipientHash, ''),
            or(isNotNull(acadDocs.revokedAt), isNotNull(acadDocs.deletedAt)),
          ),
        );
    },
  };
}

export type HostedAcadDoc = NonNullable<Awaited<ReturnType<ReturnType<typeof acadDocRepo>['forHosting']>>>;
