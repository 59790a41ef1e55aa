import { rawStatement, type SqlCondition } from '../db/batch';

/** What a sign-in needs to know before its batch: whether to announce the device, and to whom. */
export interface DeviceCheck {
  language: string;
  email: string | null;
  infoMail: boolean;
  known: boolean;
  anyKnown: boolean;
}

/** The statements a sign-in adds to its batch for the sessions list and the known devices (issue 22). */
export function deviceRepo(d1: D1Database) {
  return {
    async check(accountId: string, deviceHash: string): Promise<DeviceCheck | null> {
      const row = await d1
        .prepare(
          `SELECT a.language AS language, a.receive_info_mail AS info,
             (SELECT email FROM account_emails WHERE account_id = a.id AND is_primary = 1) AS email,
             EXISTS (SELECT 1 FROM known_devices WHERE account_id = a.id AND device_hash = ?) AS known,
             EXISTS (SELECT 1 FROM known_devices WHERE account_id = a.id) AS anyKnown
           FROM accounts a WHERE a.id = ?`,
        )
        .bind(deviceHash, accountId)
        .first<{ language: string; info: number; email: string | null; known: number; anyKnown: number }>();
      if (!row) return null;
      return { ...row, infoMail: row.info === 1, known: row.known === 1, anyKnown: row.anyKnown === 1 };
    },
    /** The list's columns of the session just inserted (a no-op if the insert was refused). */
    describe: (
      tokenHash: string,
      s: { publicId: string; userAgent: string | null; country: string | null; city: string | null },
      deviceHash: string,
      now: number,
    ) =>
      rawStatement(
        d1,
        `UPDATE sessions SET public_id = ?, user_agent = ?, country = ?, city = ?, last_seen_at = ?, device_hash = ?
         WHERE token_hash = ?`,
        s.publicId,
        s.userAgent,
        s.country,
        s.city,
        now,
        deviceHash,
        tokenHash,
      ),
    /** Records the device (or refreshes it); only while the session it signs in exists. */
    remember: (accountId: string, deviceHash: string, tokenHash: string, now: number) =>
      rawStatement(
        d1,
        `INSERT INTO known_devices (account_id, device_hash, first_session_hash, first_seen_at, last_seen_at)
         SELECT ?1, ?2, ?3, ?4, ?4 WHERE EXISTS (SELECT 1 FROM sessions WHERE token_hash = ?3)
         ON CONFLICT (account_id, device_hash) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
        accountId,
        deviceHash,
        tokenHash,
        now,
      ),
    /**
     * "This sign-in added a device, and the account had another one before": checked after
     * `remember` in the same batch, so of parallel sign-ins exactly the one that added the row
     * announces it, and an account's very first device is not announced.
     */
    isNewDevice: (accountId: string, deviceHash: string, tokenHash: string): SqlCondition => ({
      sql: `EXISTS (SELECT 1 FROM known_devices WHERE account_id = ? AND device_hash = ? AND first_session_hash = ?)
        AND (SELECT COUNT(*) FROM known_devices WHERE account_id = ?) > 1`,
      params: [accountId, deviceHash, tokenHash, accountId],
    }),
    /**
     * The notification of a new device, written only under `cond`. Type 3 (a security notice): it is
     * neither a badge award (1) nor a completed process (2), so it shows under "All" only.
     */
    notify: (
      accountId: string,
      key: string,
      params: Record<string, string>,
      url: string,
      now: number,
      cond: SqlCondition,
    ) =>
      rawStatement(
        d1,
        `INSERT INTO notifications (account_id, type, message_key, message_params, url, is_read, deleted, created_at)
         SELECT ?, 3, ?, ?, ?, 0, 0, ? WHERE ${cond.sql}`,
        accountId,
        key,
        JSON.stringify(params),
        url,
        now,
        ...cond.params,
      ),
  };
}

/** The account's info mail is on (the outbox row of the new-device mail is written only then). */
export const infoMailOn = (accountId: string): SqlCondition => ({
  sql: 'EXISTS (SELECT 1 FROM accounts WHERE id = ? AND receive_info_mail = 1)',
  params: [accountId],
});
