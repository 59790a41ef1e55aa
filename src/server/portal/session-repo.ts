import { rawStatement } from '../db/batch';
import type { PortalSessionRow } from '../db/schema';

/** Portal sessions and the wallet sessions minted from them (sessions.portal_session_hash). */
export function portalSessionRepo(d1: D1Database) {
  const s = (q: string, ...p: unknown[]) => rawStatement(d1, q, ...p);
  /** Wallet sessions first (their subquery reads the portal rows), then the portal sessions. */
  const endWhere = (where: string, ...p: unknown[]) => [
    s(`DELETE FROM sessions WHERE portal_session_hash IN (SELECT id_hash FROM portal_sessions WHERE ${where})`, ...p),
    s(`DELETE FROM portal_sessions WHERE ${where}`, ...p),
  ];
  return {
    insert: (r: PortalSessionRow) =>
      s(
        `INSERT INTO portal_sessions (id_hash, account_id, provider_id, issuer, subject, sid, id_token, auth_time, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        r.idHash,
        r.accountId,
        r.providerId,
        r.issuer,
        r.subject,
        r.sid,
        r.idToken,
        r.authTime,
        r.createdAt,
        r.expiresAt,
      ),

    /** A live portal session of an active account. */
    live: (idHash: string, now: number) =>
      s(
        `SELECT p.id_hash AS idHash, p.account_id AS accountId, p.provider_id AS providerId, p.issuer, p.subject, p.sid,
           p.id_token AS idToken, p.auth_time AS authTime, p.created_at AS createdAt, p.expires_at AS expiresAt,
           a.service_country AS serviceCountry,
           (SELECT e.email_normalized FROM account_emails e
             WHERE e.account_id = p.account_id AND e.is_primary = 1 AND e.verified_at IS NOT NULL) AS loginEmail
         FROM portal_sessions p JOIN accounts a ON a.id = p.account_id
         WHERE p.id_hash = ? AND p.expires_at > ? AND a.status = 'active'`,
        idHash,
        now,
      ).first<PortalSessionRow & { serviceCountry: number; loginEmail: string | null }>(),

    /** The portal session a wallet session was minted from (sign-out, merge re-authentication). */
    ofWalletSession: (tokenHash: string) =>
      s(
        `SELECT p.id_hash AS idHash, p.provider_id AS providerId, p.id_token AS idToken, p.auth_time AS authTime,
           p.expires_at AS expiresAt
         FROM sessions w JOIN portal_sessions p ON p.id_hash = w.portal_session_hash WHERE w.token_hash = ?`,
        tokenHash,
      ).first<Pick<PortalSessionRow, 'idHash' | 'providerId' | 'idToken' | 'authTime' | 'expiresAt'>>(),

    endStatements: (idHash: string) => endWhere('id_hash = ?', idHash),
    endBySidStatements: (issuer: string, sid: string) => endWhere('issuer = ? AND sid = ?', issuer, sid),
    endBySubStatements: (issuer: string, subject: string) => endWhere('issuer = ? AND subject = ?', issuer, subject),

    /** Records a logout token's jti; 0 changes means it was used before (a replay). */
    useJti: (issuer: string, jti: string, expiresAt: number) =>
      s('INSERT OR IGNORE INTO portal_logout_jtis (issuer, jti, expires_at) VALUES (?, ?, ?)', issuer, jti, expiresAt),
  };
}
