import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { rawStatement, type SqlCondition } from '../db/batch';
import { db } from '../db/client';
import { verificationCodes } from '../db/schema';
import type { CodeBinding } from './hash';

/** The hourly allowance a new code must fit in, and what else must hold when it is issued. */
export interface Cap {
  since: number;
  max: number;
  requires?: SqlCondition | undefined;
}

/** Verification codes: every statement that counts or spends an attempt is one conditional UPDATE. */
export function codesRepo(d1: D1Database) {
  const d = db(d1);
  const bound = (b: CodeBinding) =>
    and(eq(verificationCodes.accountId, b.accountId), eq(verificationCodes.purpose, b.purpose));
  return {
    /**
     * Builds the insert of a new code that happens only while the account has issued fewer than
     * `cap` codes of this purpose since `since`, and `requires` holds: the cap check and the insert
     * are one statement, so parallel requests cannot overrun the cap (CODE-01, CON-10).
     */
    insertUnderCap(id: string, b: CodeBinding, codeHash: string, expiresAt: number, now: number, cap: Cap) {
      const extra = cap.requires ? `AND ${cap.requires.sql}` : '';
      return rawStatement(
        d1,
        `INSERT INTO verification_codes (id, account_id, purpose, target, code_hash, attempts, expires_at, created_at)
         SELECT ?, ?, ?, ?, ?, 0, ?, ?
         WHERE (SELECT COUNT(*) FROM verification_codes WHERE account_id = ? AND purpose = ? AND created_at > ?) < ?
         ${extra}`,
        id,
        b.accountId,
        b.purpose,
        b.target,
        codeHash,
        expiresAt,
        now,
        b.accountId,
        b.purpose,
        cap.since,
        cap.max,
        ...(cap.requires?.params ?? []),
      );
    },

    /** Builds: once code `keep` is issued, the other live codes of this purpose retire (only the newest works). */
    retireOthers: (b: CodeBinding, keep: string, now: number) =>
      rawStatement(
        d1,
        `UPDATE verification_codes SET expires_at = ?
         WHERE account_id = ? AND purpose = ? AND consumed_at IS NULL AND expires_at > ? AND id <> ?
           AND EXISTS (SELECT 1 FROM verification_codes WHERE id = ?)`,
        now,
        b.accountId,
        b.purpose,
        now,
        keep,
        keep,
      ),

    /** The condition "code `id` was issued", for the statements and the mail that depend on it. */
    issued: (id: string): SqlCondition => ({
      sql: 'EXISTS (SELECT 1 FROM verification_codes WHERE id = ?)',
      params: [id],
    }),

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
