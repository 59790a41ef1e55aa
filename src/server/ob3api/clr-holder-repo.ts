import { listedRows } from './holder-repo';

// The person's learner records (issue 38): the ClrCredential of each academic document issued to
// them here (live: not revoked, not deleted; signed on first use), and the records they hold from
// elsewhere, as received, unless their last check found them revoked or no longer verifying.
const RECORDS = `SELECT 'issued' AS kind, id, NULL AS raw, issued_on FROM acad_docs
    WHERE account_id = ?1 AND deleted_at IS NULL AND revoked_at IS NULL AND issued_on > ?2
  UNION ALL
  SELECT 'held' AS kind, id, raw, issued_on FROM held_clrs
    WHERE account_id = ?1 AND revoked_at IS NULL AND verify_status = 'valid' AND issued_on > ?2`;

/** What the CLR 2.0 API's getCredentials reads: a count and a page, newest first. */
export const clrHolderRepo = (d1: D1Database) => listedRows(d1, RECORDS);
