import { rawStatement } from '../db/batch';

/** A new token pair's values: hashes only; the grant, client, account and scope come from the source row. */
export interface NewPair {
  exchange: string;
  accessHash: string;
  refreshHash: string;
  now: number;
  accessExpires: number;
  refreshExpires: number;
}

// The source row must still be allowed: an active account that has not withdrawn its consent.
const STILL_ALLOWED = (
  t: string,
) => `EXISTS (SELECT 1 FROM accounts a WHERE a.id = ${t}.account_id AND a.status = 'active')
  AND EXISTS (SELECT 1 FROM ob3_consents s WHERE s.account_id = ${t}.account_id AND s.client_id = ${t}.client_id)`;

/**
 * The statements of one token exchange, for one atomic batch. The first marks the code or refresh
 * token as taken by this exchange (`used_by`), re-checking every precondition; the two inserts copy
 * from the row only if this exchange is the one that took it; the last, when an earlier exchange
 * took it, revokes every token of its grant (RFC 6749 §4.1.2, RFC 9700 §4.14.2).
 */
export function tokensRepo(d1: D1Database) {
  const pairFrom = (table: 'ob3_auth_codes' | 'ob3_tokens', key: string, keyHash: string, p: NewPair) =>
    [
      ['access', p.accessHash, p.accessExpires],
      ['refresh', p.refreshHash, p.refreshExpires],
    ].map(([kind, hash, expires]) =>
      rawStatement(
        d1,
        `INSERT INTO ob3_tokens (token_hash, kind, grant_id, client_id, account_id, scope, created_at, expires_at)
         SELECT ?, ?, grant_id, client_id, account_id, scope, ?, ? FROM ${table} WHERE ${key} = ? AND used_by = ?`,
        hash,
        kind,
        p.now,
        expires,
        keyHash,
        p.exchange,
      ),
    );
  const revokeGrantOf = (table: 'ob3_auth_codes' | 'ob3_tokens', key: string, keyHash: string, p: NewPair) =>
    rawStatement(
      d1,
      `UPDATE ob3_tokens SET revoked_at = ? WHERE revoked_at IS NULL
         AND grant_id = (SELECT grant_id FROM ${table} WHERE ${key} = ? AND used_by IS NOT NULL AND used_by <> ?)`,
      p.now,
      keyHash,
      p.exchange,
    );
  return {
    exchangeCode: (codeHash: string, clientId: string, redirectUri: string, challenge: string, p: NewPair) => [
      rawStatement(
        d1,
        `UPDATE ob3_auth_codes SET used_by = ? WHERE code_hash = ? AND used_by IS NULL AND expires_at > ?
           AND client_id = ? AND redirect_uri = ? AND code_challenge = ? AND ${STILL_ALLOWED('ob3_auth_codes')}`,
        p.exchange,
        codeHash,
        p.now,
        clientId,
        redirectUri,
        challenge,
      ),
      ...pairFrom('ob3_auth_codes', 'code_hash', codeHash, p),
      revokeGrantOf('ob3_auth_codes', 'code_hash', codeHash, p),
    ],

    exchangeRefresh: (refreshHash: string, clientId: string, p: NewPair) => [
      rawStatement(
        d1,
        `UPDATE ob3_tokens SET used_by = ? WHERE token_hash = ? AND kind = 'refresh' AND client_id = ?
           AND used_by IS NULL AND revoked_at IS NULL AND expires_at > ? AND ${STILL_ALLOWED('ob3_tokens')}`,
        p.exchange,
        refreshHash,
        clientId,
        p.now,
      ),
      ...pairFrom('ob3_tokens', 'token_hash', refreshHash, p),
      rawStatement(
        d1,
        `UPDATE ob3_tokens SET revoked_at = ? WHERE revoked_at IS NULL AND grant_id = (SELECT grant_id FROM ob3_tokens
           WHERE token_hash = ? AND kind = 'refresh' AND client_id = ? AND used_by IS NOT NULL AND used_by <> ?)`,
        p.now,
        refreshHash,
        clientId,
        p.exchange,
      ),
    ],

    /** RFC 7009: a client's access token alone; its refresh token with the whole grant. */
    revoke: (tokenHash: string, clientId: string, now: number) => [
      rawStatement(
        d1,
        `UPDATE ob3_tokens SET revoked_at = ? WHERE revoked_at IS NULL AND token_hash = ? AND client_id = ?`,
        now,
        tokenHash,
        clientId,
      ),
      rawStatement(
        d1,
        `UPDATE ob3_tokens SET revoked_at = ? WHERE revoked_at IS NULL AND grant_id = (SELECT grant_id FROM ob3_tokens
           WHERE token_hash = ? AND client_id = ? AND kind = 'refresh')`,
        now,
        tokenHash,
        clientId,
      ),
    ],

    /** Nightly: codes and tokens a day past their expiry (refused already; this reclaims space). */
    purgeExpired: (before: number) => [
      rawStatement(d1, 'DELETE FROM ob3_auth_codes WHERE expires_at < ?', before),
      rawStatement(d1, 'DELETE FROM ob3_tokens WHERE expires_at < ?', before),
    ],

    scopeOf: async (tokenHash: string) =>
      (
        await rawStatement(d1, 'SELECT scope FROM ob3_tokens WHERE token_hash = ?', tokenHash).first<{
          scope: string;
        }>()
      )?.scope ?? null,

    /** The account and scope behind a live access token whose consent still stands. */
    findAccess: (tokenHash: string, now: number) =>
      rawStatement(
        d1,
        `SELECT account_id AS accountId, client_id AS clientId, scope FROM ob3_tokens
         WHERE token_hash = ? AND kind = 'access' AND revoked_at IS NULL AND expires_at > ? AND ${STILL_ALLOWED('ob3_tokens')}`,
        tokenHash,
        now,
      ).first<{ accountId: string; clientId: string; scope: string }>(),
  };
}
