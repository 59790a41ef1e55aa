import { rawStatement, runBatch } from '../db/batch';

/** One signed-in session as the settings list shows it. */
export interface SessionRow {
  publicId: string | null;
  userType: number;
  userAgent: string | null;
  country: string | null;
  city: string | null;
  createdAt: number;
  lastSeenAt: number;
  current: boolean;
}

/** The most sessions the list shows (a day-long session each; more would be an attack, not a person). */
export const SESSION_LIST_MAX = 100;

/**
 * The portal session behind the wallet sessions a sign-out ends, ended in the same batch: otherwise
 * that browser could mint a fresh wallet session from it (issue 20's GetApiAccessToken). Placed
 * before the wallet sessions' DELETE, which it reads; the current browser's portal session is kept.
 */
const endPortalOf = (d1: D1Database, where: string, ...params: unknown[]) =>
  rawStatement(
    d1,
    `DELETE FROM portal_sessions WHERE id_hash IN (
       SELECT s.portal_session_hash FROM sessions s WHERE s.portal_session_hash IS NOT NULL AND ${where})
     AND id_hash NOT IN (SELECT portal_session_hash FROM sessions WHERE token_hash = ? AND portal_session_hash IS NOT NULL)`,
    ...params,
  );

/** The sessions list and its sign-outs, always within one account (AZ-*: never by id alone). */
export function sessionsRepo(d1: D1Database) {
  return {
    async list(accountId: string, currentHash: string, now: number): Promise<SessionRow[]> {
      const r = await d1
        .prepare(
          `SELECT public_id AS publicId, user_type AS userType, user_agent AS userAgent, country, city,
             created_at AS createdAt, COALESCE(last_seen_at, created_at) AS lastSeenAt,
             (token_hash = ?) AS current
           FROM sessions WHERE account_id = ? AND expires_at > ?
           ORDER BY current DESC, lastSeenAt DESC LIMIT ${SESSION_LIST_MAX}`,
        )
        .bind(currentHash, accountId, now)
        .all<Omit<SessionRow, 'current'> & { current: number }>();
      return r.results.map((s) => ({ ...s, current: s.current === 1 }));
    },
    /** Ends one other session of the account; answers whether it existed (and was not this one). */
    async signOut(accountId: string, publicId: string, currentHash: string): Promise<boolean> {
      const where = 's.account_id = ? AND s.public_id = ? AND s.token_hash != ?';
      const results = await runBatch(d1, [
        endPortalOf(d1, where, accountId, publicId, currentHash, currentHash),
        rawStatement(
          d1,
          'DELETE FROM sessions WHERE account_id = ? AND public_id = ? AND token_hash != ?',
          accountId,
          publicId,
          currentHash,
        ),
      ]);
      return (results[1]?.meta.changes ?? 0) > 0;
    },
    /** "Sign out everywhere else": every session of the account but this one; answers how many ended. */
    async signOutOthers(accountId: string, currentHash: string): Promise<number> {
      const results = await runBatch(d1, [
        endPortalOf(d1, 's.account_id = ? AND s.token_hash != ?', accountId, currentHash, currentHash),
        rawStatement(d1, 'DELETE FROM sessions WHERE account_id = ? AND token_hash != ?', accountId, currentHash),
      ]);
      return results[1]?.meta.changes ?? 0;
    },
  };
}
