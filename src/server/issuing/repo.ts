import { and, eq, isNull } from 'drizzle-orm';
import { rawStatement } from '../db/batch';
import { db } from '../db/client';
import { badgeClasses, badgeClassTags, issuerApiKeys, issuerKeys, issuers, tags } from '../db/schema';
import { badgeClassTagNames } from '../openbadges/tags-repo';

/** The SQL of the issuing domain. Writes are returned as statements for the caller's batch. */
export function issuingRepo(d1: D1Database) {
  const d = db(d1);
  return {
    d,
    insertIssuer: (row: typeof issuers.$inferInsert) => d.insert(issuers).values(row),
    insertIssuerKey: (row: typeof issuerKeys.$inferInsert) => d.insert(issuerKeys).values(row),
    insertApiKey: (row: typeof issuerApiKeys.$inferInsert) => d.insert(issuerApiKeys).values(row),
    updateIssuer: (id: string, set: Partial<typeof issuers.$inferInsert>) =>
      d.update(issuers).set(set).where(eq(issuers.id, id)),

    /** The live issuer behind an API key hash: key not revoked, issuer not deleted. */
    async issuerIdForKey(keyHash: string): Promise<string | null> {
      const rows = await d
        .select({ id: issuers.id })
        .from(issuerApiKeys)
        .innerJoin(issuers, eq(issuers.id, issuerApiKeys.issuerId))
        .where(and(eq(issuerApiKeys.keyHash, keyHash), isNull(issuerApiKeys.revokedAt), isNull(issuers.deletedAt)))
        .limit(1);
      return rows[0]?.id ?? null;
    },

    async issuer(id: string) {
      const rows = await d
        .select()
        .from(issuers)
        .where(and(eq(issuers.id, id), isNull(issuers.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },

    async liveKeys(issuerId: string) {
      return d
        .select()
        .from(issuerKeys)
        .where(and(eq(issuerKeys.issuerId, issuerId), isNull(issuerKeys.revokedAt)))
        .orderBy(issuerKeys.createdAt);
    },

    async key(id: string) {
      const rows = await d.select().from(issuerKeys).where(eq(issuerKeys.id, id)).limit(1);
      return rows[0] ?? null;
    },

    insertBadgeClass: (row: typeof badgeClasses.$inferInsert) => d.insert(badgeClasses).values(row),
    updateBadgeClass: (id: string, set: Partial<typeof badgeClasses.$inferInsert>) =>
      d.update(badgeClasses).set(set).where(eq(badgeClasses.id, id)),

    /** Tag statements for a batch: each name once (by normal form), then the link through a sub-select. */
    tagStatements(badgeClassId: string, names: { id: string; name: string; normalized: string }[]) {
      return names.flatMap((t) => [
        d
          .insert(tags)
          .values({ id: t.id, name: t.name, nameNormalized: t.normalized, createdAt: Date.now() })
          .onConflictDoNothing(),
        rawStatement(
          d1,
          'INSERT OR IGNORE INTO badge_class_tags (badge_class_id, tag_id) SELECT ?, id FROM tags WHERE name_normalized = ?',
          badgeClassId,
          t.normalized,
        ),
      ]);
    },
    clearTags: (badgeClassId: string) => d.delete(badgeClassTags).where(eq(badgeClassTags.badgeClassId, badgeClassId)),

    async badgeClass(id: string) {
      const rows = await d
        .select()
        .from(badgeClasses)
        .where(and(eq(badgeClasses.id, id), isNull(badgeClasses.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },

    tagNames: (badgeClassId: string) => badgeClassTagNames(d, badgeClassId),
  };
}
