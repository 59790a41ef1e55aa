import { rawStatement, type BatchItem, type SqlCondition } from '../db/batch';
import type { LinkTokenRow } from '../db/rows';

/**
 * SQL of passwords: the hash and its history, reset links, and the sessions a new password ends.
 * Writes come back as statements for the caller's one batch.
 */
export function passwordRepo(d1: D1Database) {
  const s = (q: string, ...p: unknown[]) => rawStatement(d1, q, ...p);
  return {
    /** The current hash (whatever set it) and the last `count` of the history, newest first. */
    async recentHashes(accountId: string, count: number): Promise<string[]> {
      const rows = await d1
        .prepare(
          `SELECT password_hash AS h FROM accounts WHERE id = ?1 AND password_hash IS NOT NULL
       UNION ALL SELECT h FROM (SELECT password_hash AS h FROM password_history WHERE account_id = ?1
         ORDER BY created_at DESC, id DESC LIMIT ?2)`,
        )
        .bind(accountId, count)
        .all<{ h: string }>();
      return rows.results.map((r) => r.h);
    },

    /** The new hash, its history entry, and (ACC-04) pending address changes ended. */
    setPassword(accountId: string, hash: string, now: number): BatchItem[] {
      return [
        s(
          'UPDATE accounts SET password_hash = ?, password_changed_at = ?, updated_at = ? WHERE id = ?',
          hash,
          now,
          now,
          accountId,
        ),
        s(
          'INSERT INTO password_history (account_id, password_hash, created_at) VALUES (?, ?, ?)',
          accountId,
          hash,
          now,
        ),
        s('DELETE FROM account_emails WHERE account_id = ? AND verified_at IS NULL', accountId),
        s('UPDATE verification_codes SET consumed_at = ? WHERE account_id = ? AND consumed_at IS NULL', now, accountId),
      ];
    },

    /**
     * Builds the insert of a reset link that is written only while the account is active, has had
     * fewer than `max` links since `since` (the hourly cap against mail bombing, counted by this
     * statement itself) and `requires` holds.
     */
    insertResetLinkUnderCap: (
      tokenHash: string,
      accountId: string,
      expiresAt: number,
      now: number,
      cap: { since: number; max: number; requires: SqlCondition },
    ) =>
      s(
        `INSERT INTO link_tokens (token_hash, purpose, account_id, expires_at, created_at)
         SELECT ?, 'password_reset', id, ?, ? FROM accounts WHERE id = ? AND status = 'active'
           AND (SELECT COUNT(*) FROM link_tokens
                WHERE account_id = ? AND purpose = 'password_reset' AND created_at > ?) < ?
           AND ${cap.requires.sql}`,
        tokenHash,
        expiresAt,
        now,
        accountId,
        accountId,
        cap.since,
        cap.max,
        ...cap.requires.params,
      ),

    /** The condition "reset link `tokenHash` was written", for the mail that carries it. */
    resetLinkIssued: (tokenHash: string): SqlCondition => ({
      sql: 'EXISTS (SELECT 1 FROM link_tokens WHERE token_hash = ?)',
      params: [tokenHash],
    }),

    /** Whether a reset link is live (not used, not expired): what claimResetLink would take, read only. */
    async resetLinkLive(tokenHash: string, now: number): Promise<boolean> {
      const row = await d1
        .prepare(
          "SELECT 1 AS live FROM link_tokens WHERE token_hash = ? AND purpose = 'password_reset' AND used_at IS NULL AND expires_at > ?",
        )
        .bind(tokenHash, now)
        .first<{ live: number }>();
      return row !== null;
    },

    /** Marks a live reset link used with one conditional UPDATE; answers its account, or null. */
    async claimResetLink(tokenHash: string, now: number): Promise<string | null> {
      const row = await d1
        .prepare(
          "UPDATE link_tokens SET used_at = ? WHERE token_hash = ? AND purpose = 'password_reset' AND used_at IS NULL AND expires_at > ? RETURNING account_id AS accountId",
        )
        .bind(now, tokenHash, now)
        .first<Pick<LinkTokenRow, 'accountId'>>();
      return row?.accountId ?? null;
    },

    /** Gives a claimed link back, so the person can correct the password and use it again. */
    async releaseResetLink(tokenHash: string) {
      await d1.prepare('UPDATE link_tokens SET used_at = NULL WHERE token_hash = ?').bind(tokenHash).run();
    },

    /** Every outstanding reset link of the account retired. */
    retireResetLinks: (accountId: string, now: number) =>
      s(
        "UPDATE link_tokens SET used_at = ? WHERE account_id = ? AND purpose = 'password_reset' AND used_at IS NULL",
        now,
        accountId,
      ),

    /** Every session of the account ended, but the one given (the person changing it stays in). */
    endSessions: (accountId: string, keepTokenHash?: string) =>
      keepTokenHash === undefined
        ? s('DELETE FROM sessions WHERE account_id = ?', accountId)
        : s('DELETE FROM sessions WHERE account_id = ? AND token_hash <> ?', accountId, keepTokenHash),
  };
}
