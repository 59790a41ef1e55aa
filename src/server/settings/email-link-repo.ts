import { rawStatement as s, type SqlCondition } from '../db/batch';

const PURPOSE = 'email_verification';

/** An emailed address-verification link (link_tokens, purpose 'verify_email'), found by its digest. */
export interface EmailLinkRow {
  accountId: string;
  normalized: string;
  expiresAt: number;
  usedAt: number | null;
}

/**
 * The verification links that come with the six-digit code of an added address (issue 20): a link
 * is for one account and one address, and is used once.
 */
export function emailLinkRepo(d1: D1Database) {
  return {
    async find(tokenHash: string): Promise<EmailLinkRow | null> {
      const row = await d1
        .prepare(
          `SELECT account_id AS accountId, subject AS normalized, expires_at AS expiresAt, used_at AS usedAt
           FROM link_tokens WHERE token_hash = ? AND purpose = '${PURPOSE}'`,
        )
        .bind(tokenHash)
        .first<EmailLinkRow>();
      return row;
    },
    /** Builds the insert of a link, written only if `cond` holds (the code it travels with was issued). */
    insertIf: (
      tokenHash: string,
      accountId: string,
      normalized: string,
      expiresAt: number,
      now: number,
      cond: SqlCondition,
    ) =>
      s(
        d1,
        `INSERT INTO link_tokens (token_hash, purpose, account_id, subject, expires_at, used_at, created_at)
         SELECT ?, '${PURPOSE}', ?, ?, ?, NULL, ? WHERE ${cond.sql}`,
        tokenHash,
        accountId,
        normalized,
        expiresAt,
        now,
        ...cond.params,
      ),
    /**
     * Builds the use of a link: only while it is unused, unexpired and its address still pending on
     * its account. The first statement of the verification batch; the rest are conditioned on it.
     */
    consume: (tokenHash: string, now: number, mark: string) =>
      s(
        d1,
        `UPDATE link_tokens SET used_at = ?, used_by = ? WHERE token_hash = ? AND purpose = '${PURPOSE}' AND used_at IS NULL
           AND expires_at > ? AND EXISTS (SELECT 1 FROM account_emails e WHERE e.account_id = link_tokens.account_id
             AND e.email_normalized = link_tokens.subject AND e.verified_at IS NULL)
         RETURNING account_id`,
        now,
        mark,
        tokenHash,
        now,
      ),
    /** The condition "this link was used by this very request" (its mark, not the time: two may share a millisecond). */
    usedBy: (tokenHash: string, mark: string): SqlCondition => ({
      sql: `EXISTS (SELECT 1 FROM link_tokens WHERE token_hash = ? AND purpose = '${PURPOSE}' AND used_by = ?)`,
      params: [tokenHash, mark],
    }),
    /** Builds: once the address is verified (by code or link), its other links are spent ("already used"). */
    spendOthers: (accountId: string, normalized: string, now: number) =>
      s(
        d1,
        `UPDATE link_tokens SET used_at = ? WHERE purpose = '${PURPOSE}' AND account_id = ? AND subject = ?
           AND used_at IS NULL AND EXISTS (SELECT 1 FROM account_emails WHERE account_id = ? AND email_normalized = ?
             AND verified_at IS NOT NULL)`,
        now,
        accountId,
        normalized,
        accountId,
        normalized,
      ),
  };
}
