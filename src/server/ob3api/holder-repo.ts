import { rawStatement } from '../db/batch';

/** One row of the list: an award made here, or a badge imported in the OB 3.0 format. */
export interface HeldRow {
  kind: 'issued' | 'held';
  id: string;
  raw: string | null;
}

// Awards made here that the person holds (received, not hidden, deleted or revoked; Blockcerts ones
// have their own format), and imported OB 3.0 credentials as received (plan §4) unless re-verification
// found them revoked or invalid (one whose issuer was unreachable stays: it verified when imported).
const HELD = `SELECT 'issued' AS kind, id, NULL AS raw, issued_on FROM assertions
    WHERE account_id = ?1 AND accept_status = 2 AND is_hidden = 0 AND is_blockchain = 0 AND revoked_at IS NULL
      AND deleted_by_owner_at IS NULL AND deleted_by_issuer_at IS NULL AND issued_on > ?2
  UNION ALL
  SELECT 'held' AS kind, id, raw_credential AS raw, issued_on FROM host_assertions
    WHERE account_id = ?1 AND format = 'ob3' AND raw_credential IS NOT NULL AND revoked_at IS NULL
      AND verify_status <> 'invalid' AND issued_on > ?2`;

/**
 * A count and newest-first pages of one list of the person's credentials (`rows`: a query of kind,
 * id, raw and issued_on binding ?1 account and ?2 since), as getCredentials of either API reads it.
 */
export function listedRows(d1: D1Database, rows: string) {
  return {
    count: async (accountId: string, since: number) =>
      (await rawStatement(d1, `SELECT COUNT(*) AS n FROM (${rows})`, accountId, since).first<{ n: number }>())?.n ?? 0,

    /** A page, newest first; the id breaks ties so pages never overlap. */
    page: async (accountId: string, since: number, limit: number, offset: number) =>
      (
        await rawStatement(
          d1,
          `SELECT kind, id, raw FROM (${rows}) ORDER BY issued_on DESC, id LIMIT ?3 OFFSET ?4`,
          accountId,
          since,
          limit,
          offset,
        ).all<HeldRow>()
      ).results,
  };
}

/** What the OB 3.0 API reads about the person behind a token: their credentials and their profile. */
export function holderRepo(d1: D1Database) {
  return {
    ...listedRows(d1, HELD),

    profile: (accountId: string) =>
      rawStatement(
        d1,
        `SELECT a.first_name AS firstName, a.last_name AS lastName, a.language,
           (SELECT e.email FROM account_emails e WHERE e.account_id = a.id AND e.verified_at IS NOT NULL
            ORDER BY e.is_primary DESC, e.created_at LIMIT 1) AS email
         FROM accounts a WHERE a.id = ? AND a.status = 'active'`,
        accountId,
      ).first<{ firstName: string; lastName: string; language: string; email: string | null }>(),
  };
}
