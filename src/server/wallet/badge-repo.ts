import { CLAIMABLE } from '../notifications/events-repo';
/** One badge of a wallet with everything its detail page shows. */
export interface BadgeRow {
  id: string;
  account_id: string | null;
  badge_class_id: string;
  issuer_id: string;
  name: string;
  description: string;
  criteria_url: string | null;
  criteria_narrative: string | null;
  issuer_name: string;
  issuer_url: string;
  issuer_certified: number;
  recipient_email: string;
  narrative: string | null;
  evidence_json: string | null;
  issued_on: number;
  expires_at: number | null;
  revoked_at: number | null;
  revoked_reason: string | null;
  is_public: number;
  is_hidden: number;
  is_blockchain: number;
  accept_status: number;
  deleted_by_owner_at: number | null;
  deleted_by_issuer_at: number | null;
  recipients: number;
  tags: string | null;
}

const SELECT = `SELECT a.id, a.account_id, a.badge_class_id, a.issuer_id, bc.name, bc.description, bc.criteria_url, bc.criteria_narrative,
    i.name AS issuer_name, i.url AS issuer_url, i.is_certified AS issuer_certified, a.recipient_email, a.narrative, a.evidence_json,
    a.issued_on, a.expires_at, a.revoked_at, a.revoked_reason, a.is_public, a.is_hidden, a.is_blockchain, a.accept_status,
    a.deleted_by_owner_at, a.deleted_by_issuer_at,
    bc.recipients_count AS recipients,
    (SELECT json_group_array(json_object('id', t.id, 'name', t.name)) FROM badge_class_tags bt JOIN tags t ON t.id = bt.tag_id
       WHERE bt.badge_class_id = a.badge_class_id) AS tags
  FROM assertions a JOIN badge_classes bc ON bc.id = a.badge_class_id JOIN issuers i ON i.id = a.issuer_id`;

/** Badges of the wallet: reads and the owner-only state changes (each one conditional UPDATE). */
export function walletBadgeRepo(d1: D1Database) {
  // Rows counted by RETURNING: D1's meta.changes also counts rows written by triggers (the
  // recipients count of migration 0002), so it is not "how many badges moved".
  const run = async (sql: string, ...params: unknown[]) =>
    (
      await d1
        .prepare(`${sql} RETURNING 1`)
        .bind(...params)
        .all()
    ).results.length;
  return {
    /** A badge of this account (null for anyone else's: AZ-01..05 answer 404, never 403). */
    async owned(id: string, accountId: string) {
      return d1.prepare(`${SELECT} WHERE a.id = ? AND a.account_id = ?`).bind(id, accountId).first<BadgeRow>();
    },
    async byId(id: string) {
      return d1.prepare(`${SELECT} WHERE a.id = ?`).bind(id).first<BadgeRow>();
    },
    /** Receives one claimable badge as a statement, so a caller can batch it with other writes. */
    receiveStatement: (id: string, accountId: string, now: number) =>
      d1
        .prepare(
          `UPDATE assertions SET accept_status = CASE WHEN is_blockchain = 1 THEN 1 ELSE 2 END, accepted_at = ?, updated_at = ?
           WHERE id = ? AND account_id = ? AND accept_status = 0 AND is_hidden = 0 AND revoked_at IS NULL
             AND deleted_by_owner_at IS NULL AND deleted_by_issuer_at IS NULL RETURNING id`,
        )
        .bind(now, now, id, accountId),
    /** Every claimable badge at once, as one statement; its RETURNING rows are the badges moved. */
    receiveAllStatement: (accountId: string, now: number) =>
      d1
        .prepare(
          `UPDATE assertions SET accept_status = CASE WHEN is_blockchain = 1 THEN 1 ELSE 2 END, accepted_at = ?, updated_at = ?
           WHERE account_id = ? AND ${CLAIMABLE} RETURNING 1`,
        )
        .bind(now, now, accountId),
    hide: (id: string, accountId: string, now: number) =>
      run(
        'UPDATE assertions SET is_hidden = 1, updated_at = ? WHERE id = ? AND account_id = ? AND accept_status = 0 AND is_hidden = 0',
        now,
        id,
        accountId,
      ),
    setPublic: (id: string, accountId: string, isPublic: boolean, now: number) =>
      run(
        `UPDATE assertions SET is_public = ?, updated_at = ? WHERE id = ? AND account_id = ? AND accept_status = 2
           AND revoked_at IS NULL AND deleted_by_owner_at IS NULL AND deleted_by_issuer_at IS NULL`,
        isPublic ? 1 : 0,
        now,
        id,
        accountId,
      ),
    remove: (id: string, accountId: string, now: number) =>
      run(
        'UPDATE assertions SET deleted_by_owner_at = ?, is_public = 0, updated_at = ? WHERE id = ? AND account_id = ? AND deleted_by_owner_at IS NULL',
        now,
        now,
        id,
        accountId,
      ),
    /** Receiving (blockchain) badges received before `now` become Accepted. */
    settleStatement: (now: number) =>
      d1
        .prepare(
          'UPDATE assertions SET accept_status = 2, updated_at = ? WHERE accept_status = 1 AND accepted_at <= ? RETURNING 1',
        )
        .bind(now, now),
    claimableCount: async (accountId: string) =>
      (await d1
        .prepare(`SELECT COUNT(*) AS n FROM assertions WHERE account_id = ? AND ${CLAIMABLE}`)
        .bind(accountId)
        .first<number>('n')) ?? 0,
  };
}
