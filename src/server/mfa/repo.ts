import { rawStatement } from '../db/batch';

/** A pending second step: whose sign-in it is and the address typed. */
export interface PendingLogin {
  accountId: string;
  loginEmail: string;
  userType: number;
  serviceCountry: number;
  secret: string | null;
}

/**
 * The SQL of two-step sign-in (migration 0013). Every state change is one conditional statement or
 * one batch whose statements re-check their preconditions, so parallel requests cannot both win.
 */
export function mfaRepo(d1: D1Database) {
  return {
    /** Whether the account has a confirmed authenticator app, and how many recovery codes are left. */
    async status(accountId: string) {
      const [factor, left] = await d1.batch([
        d1.prepare('SELECT confirmed_at AS confirmedAt FROM totp_factors WHERE account_id = ?').bind(accountId),
        d1.prepare('SELECT COUNT(*) AS n FROM recovery_codes WHERE account_id = ? AND used_at IS NULL').bind(accountId),
      ]);
      const row = factor?.results[0] as { confirmedAt: number | null } | undefined;
      return {
        enabled: row?.confirmedAt != null,
        recoveryLeft: Number((left?.results[0] as { n: number } | undefined)?.n ?? 0),
      };
    },

    /** Starts (or restarts) enrolment with a new secret; never touches a confirmed one. Returns false then. */
    async startEnrolment(accountId: string, secret: string, now: number): Promise<boolean> {
      const res = await rawStatement(
        d1,
        `INSERT INTO totp_factors (account_id, secret, confirmed_at, last_step, created_at) VALUES (?1, ?2, NULL, 0, ?3)
         ON CONFLICT (account_id) DO UPDATE SET secret = ?2, created_at = ?3, last_step = 0 WHERE confirmed_at IS NULL`,
        accountId,
        secret,
        now,
      ).run();
      return res.meta.changes === 1;
    },

    /** The secret being enrolled (unconfirmed), or null. */
    async pendingSecret(accountId: string): Promise<string | null> {
      return d1
        .prepare('SELECT secret FROM totp_factors WHERE account_id = ? AND confirmed_at IS NULL')
        .bind(accountId)
        .first<string>('secret');
    },

    /**
     * Confirms the enrolment of exactly this secret (a newer enrolment in between wins) and replaces
     * the recovery codes, in one batch: the codes are written only if this confirmation happened.
     * Returns whether it did.
     */
    async confirm(accountId: string, secret: string, step: number, codeHashes: string[], now: number) {
      const statements = [
        rawStatement(
          d1,
          `UPDATE totp_factors SET confirmed_at = ?1, last_step = ?2
           WHERE account_id = ?3 AND secret = ?4 AND confirmed_at IS NULL`,
          now,
          step,
          accountId,
          secret,
        ),
        rawStatement(
          d1,
          `DELETE FROM recovery_codes WHERE account_id = ?1
           AND EXISTS (SELECT 1 FROM totp_factors WHERE account_id = ?1 AND secret = ?2 AND confirmed_at = ?3)`,
          accountId,
          secret,
          now,
        ),
        ...codeHashes.map((h) =>
          rawStatement(
            d1,
            `INSERT INTO recovery_codes (code_hash, account_id, created_at) SELECT ?1, ?2, ?3
             WHERE EXISTS (SELECT 1 FROM totp_factors WHERE account_id = ?2 AND secret = ?4 AND confirmed_at = ?3)`,
            h,
            accountId,
            now,
            secret,
          ),
        ),
      ];
      const results = await d1.batch(statements);
      return results[0]?.meta.changes === 1;
    },

    /** Turns two-step sign-in off: the secret, the recovery codes and pending second steps go together. */
    async disable(accountId: string) {
      await d1.batch([
        d1.prepare('DELETE FROM totp_factors WHERE account_id = ?').bind(accountId),
        d1.prepare('DELETE FROM recovery_codes WHERE account_id = ?').bind(accountId),
        d1.prepare('DELETE FROM mfa_logins WHERE account_id = ?').bind(accountId),
      ]);
    },

    /** Records a sign-in whose password was right; its second step is pending until expiresAt. */
    async createPending(ticketHash: string, accountId: string, loginEmail: string, now: number, expiresAt: number) {
      await d1
        .prepare(
          'INSERT INTO mfa_logins (ticket_hash, account_id, login_email, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
        )
        .bind(ticketHash, accountId, loginEmail, now, expiresAt)
        .run();
    },

    /** A live pending sign-in and the account's confirmed secret (null if it was turned off since). */
    async pending(ticketHash: string, now: number): Promise<PendingLogin | null> {
      return d1
        .prepare(
          `SELECT m.account_id AS accountId, m.login_email AS loginEmail, a.user_type AS userType,
                  a.service_country AS serviceCountry, f.secret AS secret
           FROM mfa_logins m JOIN accounts a ON a.id = m.account_id AND a.status = 'active'
           LEFT JOIN totp_factors f ON f.account_id = m.account_id AND f.confirmed_at IS NOT NULL
           WHERE m.ticket_hash = ? AND m.expires_at > ?`,
        )
        .bind(ticketHash, now)
        .first<PendingLogin>();
    },

    /**
     * Accepts an app code's step for this pending sign-in and closes it, in one batch: the step must
     * be newer than every step accepted before (no replay) and the ticket still live; the ticket is
     * deleted only if this very step was recorded for it. Returns whether the sign-in may proceed.
     */
    async completeWithStep(ticketHash: string, accountId: string, step: number, now: number) {
      const [, closed] = await d1.batch([
        rawStatement(
          d1,
          `UPDATE totp_factors SET last_step = ?1, last_ticket = ?2
           WHERE account_id = ?3 AND confirmed_at IS NOT NULL AND last_step < ?1
           AND EXISTS (SELECT 1 FROM mfa_logins WHERE ticket_hash = ?2 AND account_id = ?3 AND expires_at > ?4)`,
          step,
          ticketHash,
          accountId,
          now,
        ),
        rawStatement(
          d1,
          `DELETE FROM mfa_logins WHERE ticket_hash = ?1
           AND EXISTS (SELECT 1 FROM totp_factors WHERE account_id = ?2 AND last_step = ?3 AND last_ticket = ?1)`,
          ticketHash,
          accountId,
          step,
        ),
      ]);
      return closed?.meta.changes === 1;
    },

    /** The same for a recovery code: marked used once, and the ticket closed only by that use. */
    async completeWithRecovery(ticketHash: string, accountId: string, codeHash: string, now: number) {
      const [, closed] = await d1.batch([
        rawStatement(
          d1,
          `UPDATE recovery_codes SET used_at = ?1, used_ticket = ?2
           WHERE code_hash = ?3 AND account_id = ?4 AND used_at IS NULL
           AND EXISTS (SELECT 1 FROM mfa_logins WHERE ticket_hash = ?2 AND account_id = ?4 AND expires_at > ?1)`,
          now,
          ticketHash,
          codeHash,
          accountId,
        ),
        rawStatement(
          d1,
          `DELETE FROM mfa_logins WHERE ticket_hash = ?1
           AND EXISTS (SELECT 1 FROM recovery_codes WHERE code_hash = ?2 AND used_ticket = ?1)`,
          ticketHash,
          codeHash,
        ),
      ]);
      return closed?.meta.changes === 1;
    },

    /**
     * Closes a live pending sign-in whose second step was a passkey (the assertion's single-use
     * challenge was made for this ticket). Returns whether this call closed it.
     */
    async close(ticketHash: string, accountId: string, now: number): Promise<boolean> {
      const res = await d1
        .prepare('DELETE FROM mfa_logins WHERE ticket_hash = ? AND account_id = ? AND expires_at > ?')
        .bind(ticketHash, accountId, now)
        .run();
      return res.meta.changes === 1;
    },

    /** Deletes pending second steps past their expiry (they are already refused; this reclaims space). */
    async purgeExpired(now: number) {
      await d1.prepare('DELETE FROM mfa_logins WHERE expires_at <= ?').bind(now).run();
    },

    /** Whether the account asks for a second step after its password. */
    async enabled(accountId: string): Promise<boolean> {
      const row = await d1
        .prepare('SELECT 1 AS x FROM totp_factors WHERE account_id = ? AND confirmed_at IS NOT NULL')
        .bind(accountId)
        .first<number>('x');
      return row === 1;
    },
  };
}
