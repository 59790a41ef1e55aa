import { rawStatement } from '../db/batch';

export interface AttemptState {
  failures: number;
  lockedUntil: number | null;
}

/** Login failures per email hash. Every change is one atomic statement (AUTH-04, CON-04). */
export function lockoutRepo(d1: D1Database) {
  return {
    async state(emailHash: string): Promise<AttemptState | null> {
      return d1
        .prepare('SELECT failures, locked_until AS lockedUntil FROM login_attempts WHERE email_hash = ?')
        .bind(emailHash)
        .first<AttemptState>();
    },

    /**
     * Counts one rejected attempt. A lock that has run out starts a fresh count; reaching the
     * threshold sets (or keeps) the lock. Returns the state after this attempt.
     */
    async fail(emailHash: string, now: number, threshold: number, lockMs: number): Promise<AttemptState> {
      const row = await rawStatement(
        d1,
        `INSERT INTO login_attempts (email_hash, failures, locked_until, updated_at) VALUES (?1, 1, CASE WHEN 1 >= ?3 THEN ?2 + ?4 END, ?2)
         ON CONFLICT (email_hash) DO UPDATE SET
           failures = CASE WHEN locked_until IS NOT NULL AND locked_until <= ?2 THEN 1 ELSE failures + 1 END,
           locked_until = CASE
             WHEN locked_until IS NOT NULL AND locked_until > ?2 THEN locked_until
             WHEN (CASE WHEN locked_until IS NOT NULL AND locked_until <= ?2 THEN 1 ELSE failures + 1 END) >= ?3 THEN ?2 + ?4
             ELSE NULL END,
           updated_at = ?2
         RETURNING failures, locked_until AS lockedUntil`,
        emailHash,
        now,
        threshold,
        lockMs,
      ).first<AttemptState>();
      return row ?? { failures: 1, lockedUntil: null };
    },

    /** Clears the count after a success, but never while a lock is in force: returns false then. */
    async clearUnlessLocked(emailHash: string, now: number): Promise<boolean> {
      // One round trip: the delete and the check run in order in one batch.
      const [, still] = await d1.batch([
        d1
          .prepare('DELETE FROM login_attempts WHERE email_hash = ? AND (locked_until IS NULL OR locked_until <= ?)')
          .bind(emailHash, now),
        d1.prepare('SELECT 1 AS x FROM login_attempts WHERE email_hash = ? AND locked_until > ?').bind(emailHash, now),
      ]);
      return (still?.results.length ?? 0) === 0;
    },

    /** A password reset unlocks (security guide RST-05). */
    clear: (emailHash: string) => d1.prepare('DELETE FROM login_attempts WHERE email_hash = ?').bind(emailHash),
  };
}
