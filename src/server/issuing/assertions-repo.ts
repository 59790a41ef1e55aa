import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { rawStatement } from '../db/batch';
import { db } from '../db/client';
import { assertions, badgeClasses, issuerKeys } from '../db/schema';

/** SQL for issued assertions; writes come back as statements for the caller's D1 batch. */
export function assertionsRepo(d1: D1Database) {
  const d = db(d1);
  return {
    d,
    insert: (row: typeof assertions.$inferInsert) =>
      d.insert(assertions).values(row).onConflictDoNothing({ target: assertions.id }),

    /**
     * The receive link of a new award, written only while its assertion does not exist yet: placed
     * before the assertion's insert, it is written exactly by the batch that creates the badge, so a
     * keyed award sent again (or 50 times at once) leaves one link, the one its mail carries.
     */
    insertReceiveTokenForNew(
      tokenHash: string,
      assertionId: string,
      accountId: string | null,
      expiresAt: number,
      now: number,
    ) {
      return rawStatement(
        d1,
        `INSERT INTO link_tokens (token_hash, purpose, account_id, subject, expires_at, created_at)
         SELECT ?, 'receive', ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM assertions WHERE id = ?)`,
        tokenHash,
        accountId,
        assertionId,
        expiresAt,
        now,
        assertionId,
      );
    },

    /** A "badge awarded" notification, written once per assertion even if the award is retried. */
    notifyOnce(accountId: string, messageParams: string, url: string, now: number) {
      return rawStatement(
        d1,
        `INSERT INTO notifications (account_id, type, message_key, message_params, url, is_read, deleted, created_at)
         SELECT ?, 1, 'notifications.badge_awarded', ?, ?, 0, 0, ?
         WHERE NOT EXISTS (SELECT 1 FROM notifications WHERE account_id = ? AND type = 1 AND url = ?)`,
        accountId,
        messageParams,
        url,
        now,
        accountId,
        url,
      );
    },

    async existingIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await d.select({ id: assertions.id }).from(assertions).where(inArray(assertions.id, ids));
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Everything hosting needs in one round trip: the assertion, its class image, and (for signed
     * badges) the issuer's signing key, the oldest live one.
     */
    async forHosting(id: string) {
      const signingKeyId = sql<
        string | null
      >`(SELECT k.id FROM issuer_keys k WHERE k.issuer_id = ${assertions.issuerId} AND k.revoked_at IS NULL ORDER BY k.created_at LIMIT 1)`;
      const rows = await d
        .select({
          a: assertions,
          imageKey: badgeClasses.imageKey,
          imageType: badgeClasses.imageType,
          keyId: signingKeyId,
          privateKeyEnc: issuerKeys.privateKeyEnc,
        })
        .from(assertions)
        .innerJoin(badgeClasses, eq(badgeClasses.id, assertions.badgeClassId))
        .leftJoin(issuerKeys, and(eq(assertions.verificationType, 'signed'), eq(issuerKeys.id, signingKeyId)))
        .where(eq(assertions.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** One of this issuer's assertions, or null: issuers never touch another issuer's badges. */
    async ownedBy(id: string, issuerId: string) {
      const rows = await d
        .select()
        .from(assertions)
        .where(and(eq(assertions.id, id), eq(assertions.issuerId, issuerId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Revokes only a live assertion (a statement for a batch; RETURNING holds the row when it did). */
    revoke(id: string, issuerId: string, reason: string, now: number) {
      return d
        .update(assertions)
        .set({ revokedAt: now, revokedReason: reason, updatedAt: now })
        .where(
          and(
            eq(assertions.id, id),
            eq(assertions.issuerId, issuerId),
            isNull(assertions.revokedAt),
            isNull(assertions.deletedByIssuerAt),
          ),
        )
        .returning({ id: assertions.id });
    },

    markDeletedByIssuer: (id: string, issuerId: string, now: number) =>
      d
        .update(assertions)
        .set({ deletedByIssuerAt: now, updatedAt: now })
        .where(and(eq(assertions.id, id), eq(assertions.issuerId, issuerId), isNull(assertions.deletedByIssuerAt))),

    /** Signed badges that are no longer valid, for the issuer's RevocationList. */
    async revokedSigned(issuerId: string) {
      return d
        .select({ id: assertions.id, reason: assertions.revokedReason, deletedAt: assertions.deletedByIssuerAt })
        .from(assertions)
        .where(
          and(
            eq(assertions.issuerId, issuerId),
            eq(assertions.verificationType, 'signed'),
            or(isNotNull(assertions.revokedAt), isNotNull(assertions.deletedByIssuerAt)),
          ),
        );
    },
  };
}
