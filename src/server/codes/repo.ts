import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { newId } from '../auth/tokens';
import { db } from '../db/client';
import { verificationCodes } from '../db/schema';
import type { CodeBinding } from './hash';

/** Verification codes: every statement that counts or spends an attempt is one conditional UPDATE. */
export function codesRepo(d1: D1Database) {
  const d = db(d1);
  const bound = (b: CodeBinding) =>
    and(eq(verificationCodes.accountId, b.accountId), eq(verificationCodes.purpose, b.purpose));
  return {
    async issuedSince(b: CodeBinding, since: number) {
      const [row] = await d
        .select({ n: count() })
        .from(verificationCodes)
        .where(and(bound(b), gt(verificationCodes.createdAt, since)));
      return row?.n ?? 0;
    },

    /** Builds (does not run): retire the live codes of this purpose, so only the newest works. */
    retireLive(b: CodeBinding, now: number) {
      return d
        .update(verificationCodes)
        .set({ expiresAt: now })
        .where(and(bound(b), isNull(verificationCodes.consumedAt), gt(verificationCodes.expiresAt, now)));
    },

    /** Builds (does not run) the insert of a new code. */
    insert(b: CodeBinding, codeHash: string, expiresAt: number, now: number) {
      return d.insert(verificationCodes).values({ id: newId(), ...b, codeHash, expiresAt, createdAt: now });
    },

    async latestLive(b: CodeBinding, now: number) {
      const [row] = await d
        .select({ id: verificationCodes.id, codeHash: verificationCodes.codeHash })
        .from(verificationCodes)
        .where(
          and(
            bound(b),
            eq(verificationCodes.target, b.target),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, now),
          ),
        )
        .orderBy(sql`${verificationCodes.createdAt} DESC`)
        .limit(1);
      return row ?? null;
    },

    /** Spends one attempt if any is left (CODE-02); returns the attempts used, or null when none was. */
    async spendAttempt(id: string, max: number, now: number) {
      const [row] = await d
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(
          and(
            eq(verificationCodes.id, id),
            lt(verificationCodes.attempts, max),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, now),
          ),
        )
        .returning({ attempts: verificationCodes.attempts });
      return row?.attempts ?? null;
    },

    /** Marks the code used, once: a second use finds nothing to update. */
    async consume(id: string, now: number) {
      const rows = await d
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      return rows.length === 1;
    },
  };
}
