import type { AccountEmailRow, HostAssertionRow } from '../db/rows';

export interface NewHostRow {
  id: string;
  accountId: string;
  externalId: string;
  sourceUrl: string | null;
  assertionJson: string;
  badgeJson: string;
  issuerJson: string;
  imageKey: string | null;
  name: string;
  description: string;
  issuerName: string;
  issuerUrl: string | null;
  recipientEmail: string;
  issuedOn: number;
  expiresAt: number | null;
  format: HostAssertionRow['format'];
  /** The credential as received (issue 21), or null (an OB 2.0 assertion read at its URL). */
  rawCredential: string | null;
  /** Each OB 3.0 endorsement's verification as JSON (issue 21), or null. */
  endorsementsJson: string | null;
  /** The issuer's name is the credential's own claim (W003, issue 33). */
  issuerClaimed: boolean;
  now: number;
}

/** An imported badge as the nightly re-verification reads it. */
export type ReverifyRow = Pick<
  HostAssertionRow,
  'id' | 'sourceUrl' | 'assertionJson' | 'issuerJson' | 'recipientEmail' | 'format' | 'rawCredential'
>;

/** The outcome of one re-verification, as stored on the row. */
export interface ReverifyVerdict {
  state: 'valid' | 'invalid';
  revoked: boolean;
  reason: string | null;
  /** An OB 3.0 badge's endorsements as this check found them (JSON), replacing the last; else null. */
  endorsementsJson: string | null;
  /** The issuer's name is the credential's own claim (W003, issue 33), as this check found. */
  issuerClaimed: boolean;
}

/** Imported badges as the import writes them; one per account and external id (duplicates refused). */
export function importRepo(d1: D1Database) {
  return {
    /** Whether a badge issued here is already this account's (then it is in the list, not an import). */
    async holdsIssued(assertionId: string, accountId: string): Promise<boolean> {
      const row = await d1
        .prepare('SELECT 1 AS x FROM assertions WHERE id = ? AND account_id = ?')
        .bind(assertionId, accountId)
        .first<{ x: number }>();
      return row !== null;
    },
    /** The account's imported badge with this external id, if it has one (a duplicate's page to link to). */
    async hostIdOf(accountId: string, externalId: string): Promise<string | null> {
      const row = await d1
        .prepare('SELECT id FROM host_assertions WHERE account_id = ? AND external_id = ?')
        .bind(accountId, externalId)
        .first<{ id: string }>();
      return row?.id ?? null;
    },
    /** Inserts unless this account already holds the badge; a written row comes back from RETURNING. */
    insertStatement(r: NewHostRow): D1PreparedStatement {
      return d1
        .prepare(
          `INSERT INTO host_assertions (id, account_id, external_id, source_url, assertion_json, badge_json, issuer_json,
             image_key, name, description, issuer_name, issuer_url, recipient_email, issued_on, expires_at, format,
             raw_credential, endorsements_json, issuer_claimed, verify_status, verified_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'valid', ?, ?, ?)
           ON CONFLICT (account_id, external_id) DO NOTHING RETURNING id`,
        )
        .bind(
          r.id,
          r.accountId,
          r.externalId,
          r.sourceUrl,
          r.assertionJson,
          r.badgeJson,
          r.issuerJson,
          r.imageKey,
          r.name,
          r.description,
          r.issuerName,
          r.issuerUrl,
          r.recipientEmail,
          r.issuedOn,
          r.expiresAt,
          r.format,
          r.rawCredential,
          r.endorsementsJson,
          r.issuerClaimed ? 1 : 0,
          r.now,
          r.now,
          r.now,
        );
    },
    /** The imported badges last checked before `before`, the longest unchecked first. */
    async dueForReverify(before: number, limit: number): Promise<ReverifyRow[]> {
      const rows = await d1
        .prepare(
          `SELECT id, source_url AS sourceUrl, assertion_json AS assertionJson, issuer_json AS issuerJson,
             recipient_email AS recipientEmail, format, raw_credential AS rawCredential
           FROM host_assertions WHERE verified_at < ? ORDER BY verified_at LIMIT ?`,
        )
        .bind(before, limit)
        .all<ReverifyRow>();
      return rows.results;
    },
    /** Stores a verdict (with the endorsements' in the same row write); a revocation keeps the time it was first seen. */
    async recordVerdict(id: string, v: ReverifyVerdict, now: number) {
      await d1
        .prepare(
          `UPDATE host_assertions SET verify_status = ?, verified_at = ?, updated_at = ?,
             revoked_at = CASE WHEN ? THEN COALESCE(revoked_at, ?) ELSE NULL END, revoked_reason = ?,
             endorsements_json = ?, issuer_claimed = ?
           WHERE id = ?`,
        )
        .bind(v.state, now, now, v.revoked ? 1 : 0, now, v.reason, v.endorsementsJson, v.issuerClaimed ? 1 : 0, id)
        .run();
    },
    /** All addresses of the account with whether each is verified (HV-06 needs the difference). */
    emails: async (accountId: string) =>
      (
        await d1
          .prepare(
            'SELECT email_normalized AS emailNormalized, verified_at AS verifiedAt FROM account_emails WHERE account_id = ?',
          )
          .bind(accountId)
          .all<Pick<AccountEmailRow, 'emailNormalized' | 'verifiedAt'>>()
      ).results,
  };
}
