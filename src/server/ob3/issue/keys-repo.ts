import { and, eq, isNull } from 'drizzle-orm';
import { db } from '../../db/client';
import { issuerEd25519Keys, issuers } from '../../db/schema';

export type Ed25519KeyRow = typeof issuerEd25519Keys.$inferSelect;

/** SQL of the issuers' Ed25519 keys (migration 0011). */
export function ob3KeysRepo(d1: D1Database) {
  const d = db(d1);
  return {
    /** The issuer's live key, or null (also for an unknown or deleted issuer). */
    async liveKey(issuerId: string): Promise<Ed25519KeyRow | null> {
      const rows = await d
        .select({ k: issuerEd25519Keys })
        .from(issuerEd25519Keys)
        .innerJoin(issuers, eq(issuers.id, issuerEd25519Keys.issuerId))
        .where(
          and(eq(issuerEd25519Keys.issuerId, issuerId), isNull(issuerEd25519Keys.revokedAt), isNull(issuers.deletedAt)),
        )
        .limit(1);
      return rows[0]?.k ?? null;
    },

    /** Whether the issuer exists and is not deleted (its key may not have been made yet). */
    async issuerLive(issuerId: string): Promise<boolean> {
      const rows = await d
        .select({ id: issuers.id })
        .from(issuers)
        .where(and(eq(issuers.id, issuerId), isNull(issuers.deletedAt)))
        .limit(1);
      return rows.length > 0;
    },

    /** One key by id, live or not: a stored credential names the key it was signed with. */
    async key(id: string): Promise<Ed25519KeyRow | null> {
      const rows = await d.select().from(issuerEd25519Keys).where(eq(issuerEd25519Keys.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /**
     * Adds a key unless the issuer already has a live one (the partial unique index decides a race:
     * the loser's insert is ignored and it reads the winner's key back).
     */
    async insertIfNone(row: typeof issuerEd25519Keys.$inferInsert): Promise<void> {
      await d.insert(issuerEd25519Keys).values(row).onConflictDoNothing().run();
    },
  };
}
