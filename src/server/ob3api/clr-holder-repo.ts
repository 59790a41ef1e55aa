import { rawStatement } from '../db/batch';
import type { HeldRow } from './holder-repo';

// The person's learner records (issue 38): the ClrCredential of each academic document issued to
// them here (live: not revoked, not deleted; signed on first use), and the records they hold from
// elsewhere, as received, unless their last check found them revoked or no longer verifying.
const RECORDS = `SELECT 'issued' AS kind, id, NULL AS raw, issued_on FROM acad_docs
    WHERE account_id = ?1 AND deleted_at IS NULL AND revoked_at IS NULL AND issued_on > ?2
  UNION ALL
  SELECT 'held' AS kind, id, raw, issued_on FROM held_clrs
    WHERE account_id = ?1 AND revoked_at IS NULL AND verify_status = 'valid' AND issued_on > ?2`;

/** What the CLR 2.0 API's getCredentials reads: a count and a page, newest first. */
export function clrHolderRepo(d1: D1Database) {
  return {
    count: async (accountId: string, since: number) =>
      (await rawStatement(d1, `SELECT COUNT(*) AS n FROM (${RECORDS})`, accountId, since).first<{ n: number }>())?.n ??
      0,
    /** A page, newest first; the id breaks ties so pages never overlap. */
    page: async (accountId: string, since: number, limit: number, offset: number) =>
      (
        await rawStatement(
          d1,
          `SELECT kind, id, raw FROM (${RECORDS}) ORDER BY issued_on DESC, id LIMIT ?3 OFFSET ?4`,
          accountId,
          since,
          limit,
          offset,
        ).all<HeldRow>()
      ).results,
  };
}
