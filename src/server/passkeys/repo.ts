import { rawStatement } from '../db/batch';

/** A passkey as the settings list shows it. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
  backedUp: boolean;
}

/** What an assertion is checked against: the stored key and whose it is (only live accounts). */
export interface StoredPasskey {
  id: string;
  accountId: string;
  publicKey: string;
  counter: number;
  transports: string;
  handle: string | null;
  userType: number;
  serviceCountry: number;
  primaryEmail: string | null;
}

/** A passkey to store after a verified registration. */
export interface NewPasskey {
  id: string;
  accountId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  backedUp: boolean;
  deviceType: string;
  createdAt: number;
}

/** The SQL of passkeys and WebAuthn user handles (migration 0017). */
export function passkeyRepo(d1: D1Database) {
  return {
    /** The account's user handle, made on first use (a parallel first use keeps one: INSERT OR IGNORE). */
    async handle(accountId: string, fresh: string, now: number): Promise<string> {
      const [, row] = await d1.batch([
        d1
          .prepare('INSERT OR IGNORE INTO webauthn_users (account_id, handle, created_at) VALUES (?, ?, ?)')
          .bind(accountId, fresh, now),
        d1.prepare('SELECT handle FROM webauthn_users WHERE account_id = ?').bind(accountId),
      ]);
      return String((row?.results[0] as { handle: string } | undefined)?.handle ?? fresh);
    },

    /** The account's passkeys, oldest first. */
    async list(accountId: string): Promise<PasskeySummary[]> {
      const r = await d1
        .prepare(
          `SELECT id, name, created_at AS createdAt, last_used_at AS lastUsedAt, backed_up AS backedUp
           FROM passkeys WHERE account_id = ? ORDER BY created_at, id`,
        )
        .bind(accountId)
        .all<Omit<PasskeySummary, 'backedUp'> & { backedUp: number }>();
      return r.results.map((p) => ({ ...p, backedUp: p.backedUp === 1 }));
    },

    /** The credential ids and transports of the account's passkeys (exclude/allow lists). */
    async descriptors(accountId: string) {
      const r = await d1
        .prepare('SELECT id, transports FROM passkeys WHERE account_id = ? ORDER BY created_at, id')
        .bind(accountId)
        .all<{ id: string; transports: string }>();
      return r.results;
    },

    count: async (accountId: string) =>
      Number(
        (await d1.prepare('SELECT COUNT(*) AS n FROM passkeys WHERE account_id = ?').bind(accountId).first('n')) ?? 0,
      ),

    exists: async (id: string) =>
      (await d1.prepare('SELECT 1 AS x FROM passkeys WHERE id = ?').bind(id).first()) !== null,

    /** A passkey by credential id, only while its account is active (deleted and merged ones never sign in). */
    async byId(id: string): Promise<StoredPasskey | null> {
      return d1
        .prepare(
          `SELECT p.id, p.account_id AS accountId, p.public_key AS publicKey, p.counter, p.transports,
                  u.handle, a.user_type AS userType, a.service_country AS serviceCountry,
                  (SELECT email_normalized FROM account_emails e WHERE e.account_id = a.id AND e.is_primary = 1
                     AND e.verified_at IS NOT NULL) AS primaryEmail
           FROM passkeys p JOIN accounts a ON a.id = p.account_id AND a.status = 'active'
           LEFT JOIN webauthn_users u ON u.account_id = p.account_id
           WHERE p.id = ?`,
        )
        .bind(id)
        .first<StoredPasskey>();
    },

    /**
     * Stores a passkey in one statement that re-checks its preconditions: the account is active, it
     * holds fewer than `cap` passkeys, and the credential id is new. False: one of them failed.
     */
    async insert(p: NewPasskey, cap: number): Promise<boolean> {
      const res = await rawStatement(
        d1,
        `INSERT INTO passkeys (id, account_id, public_key, counter, transports, name, backed_up, device_type, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
         WHERE EXISTS (SELECT 1 FROM accounts WHERE id = ?2 AND status = 'active')
           AND (SELECT COUNT(*) FROM passkeys WHERE account_id = ?2) < ?10
         ON CONFLICT (id) DO NOTHING`,
        p.id,
        p.accountId,
        p.publicKey,
        p.counter,
        JSON.stringify(p.transports),
        p.name,
        p.backedUp ? 1 : 0,
        p.deviceType,
        p.createdAt,
        cap,
      ).run();
      return res.meta.changes === 1;
    },

    /**
     * Records a use: the new counter and the time. The counter only moves forward (or stays 0 for
     * authenticators that keep none), so a parallel older assertion cannot roll it back.
     */
    async recordUse(id: string, accountId: string, counter: number, now: number): Promise<boolean> {
      const res = await d1
        .prepare(
          `UPDATE passkeys SET counter = ?1, last_used_at = ?2
           WHERE id = ?3 AND account_id = ?4 AND ((?1 = 0 AND counter = 0) OR counter < ?1)`,
        )
        .bind(counter, now, id, accountId)
        .run();
      return res.meta.changes === 1;
    },

    async rename(accountId: string, id: string, name: string): Promise<boolean> {
      const res = await d1
        .prepare('UPDATE passkeys SET name = ? WHERE id = ? AND account_id = ?')
        .bind(name, id, accountId)
        .run();
      return res.meta.changes === 1;
    },

    async remove(accountId: string, id: string): Promise<boolean> {
      const res = await d1.prepare('DELETE FROM passkeys WHERE id = ? AND account_id = ?').bind(id, accountId).run();
      return res.meta.changes === 1;
    },
  };
}
