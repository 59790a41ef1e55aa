import { rawStatement as s } from '../db/batch';

const PURPOSE = 'mail_prefs';

/** A mail-reception link (link_tokens, purpose 'mail_prefs') with its account's two mail switches. */
export interface ReceptionLinkRow {
  accountId: string;
  address: string;
  expiresAt: number;
  usedAt: number | null;
  receiveBadgeMail: boolean;
  receiveInfoMail: boolean;
}

/**
 * The per-account links of every mail's footer (issue 20): /verify/emailnotification?token=…,
 * where a recipient manages their mail reception without signing in. Only digests are stored.
 */
export function receptionRepo(d1: D1Database) {
  return {
    /** The active account holding the address verified, with its language, or null (no footer link then). */
    accountOf: (normalized: string) =>
      d1
        .prepare(
          `SELECT a.id AS id, a.language AS language FROM account_emails e JOIN accounts a ON a.id = e.account_id
           WHERE e.email_normalized = ? AND e.verified_at IS NOT NULL AND a.status = 'active' LIMIT 1`,
        )
        .bind(normalized)
        .first<{ id: string; language: string | null }>(),
    insertLink: (tokenHash: string, accountId: string, normalized: string, expiresAt: number, now: number) =>
      s(
        d1,
        `INSERT INTO link_tokens (token_hash, purpose, account_id, subject, expires_at, used_at, created_at)
         VALUES (?, '${PURPOSE}', ?, ?, ?, NULL, ?)`,
        tokenHash,
        accountId,
        normalized,
        expiresAt,
        now,
      ),
    async find(tokenHash: string): Promise<ReceptionLinkRow | null> {
      const row = await d1
        .prepare(
          `SELECT l.account_id AS accountId, l.subject AS address, l.expires_at AS expiresAt, l.used_at AS usedAt,
             a.receive_badge_mail AS b, a.receive_info_mail AS i
           FROM link_tokens l JOIN accounts a ON a.id = l.account_id AND a.status = 'active'
           WHERE l.token_hash = ? AND l.purpose = '${PURPOSE}'`,
        )
        .bind(tokenHash)
        .first<Omit<ReceptionLinkRow, 'receiveBadgeMail' | 'receiveInfoMail'> & { b: number; i: number }>();
      if (!row) return null;
      const { b, i, ...rest } = row;
      return { ...rest, receiveBadgeMail: b === 1, receiveInfoMail: i === 1 };
    },
    /** Builds the link's single use: only while unused and unexpired (first statement of the save). */
    consume: (tokenHash: string, now: number, mark: string) =>
      s(
        d1,
        `UPDATE link_tokens SET used_at = ?, used_by = ? WHERE token_hash = ? AND purpose = '${PURPOSE}'
           AND used_at IS NULL AND expires_at > ? RETURNING account_id`,
        now,
        mark,
        tokenHash,
        now,
      ),
    /**
     * Builds the save of both switches for the account of the link this batch used (none otherwise):
     * the request's own mark, not the time, tells (two requests may share a millisecond).
     */
    saveForUsedLink: (tokenHash: string, mark: string, now: number, badge: boolean, info: boolean) =>
      s(
        d1,
        `UPDATE accounts SET receive_badge_mail = ?, receive_info_mail = ?, updated_at = ?
         WHERE id = (SELECT account_id FROM link_tokens WHERE token_hash = ? AND purpose = '${PURPOSE}' AND used_by = ?)`,
        badge ? 1 : 0,
        info ? 1 : 0,
        now,
        tokenHash,
        mark,
      ),
    /** RFC 8058 one-click: info mail off for the link's account while the link is unexpired (used or not). */
    unsubscribeInfo: (tokenHash: string, now: number) =>
      s(
        d1,
        `UPDATE accounts SET receive_info_mail = 0, updated_at = ?
         WHERE status = 'active' AND id = (SELECT account_id FROM link_tokens WHERE token_hash = ?
           AND purpose = '${PURPOSE}' AND expires_at > ?)
         RETURNING id`,
        now,
        tokenHash,
        now,
      ),
  };
}
