import { rawStatement } from '../db/batch';
import { claimableWhere } from '../db/visibility';
import { path } from '../../lib/paths';

const INSERT =
  'INSERT INTO notifications (account_id, type, message_key, message_params, url, is_read, deleted, created_at)';

/**
 * "Process completed" notifications (type 2, spec §7). Each is a statement for the batch of the
 * event itself, so a notification exists exactly when its event happened (issue 8). Counts are
 * read inside that batch, before the change they describe.
 */
export function completionEvents(d1: D1Database) {
  const wallet = path('/assertions');
  return {
    /** Receive all: placed before the UPDATE that receives, it counts what that UPDATE will move. */
    receivedAll: (accountId: string, now: number) =>
      rawStatement(
        d1,
        `${INSERT} SELECT ?1, 2, 'notifications.received_all', json_object('count', COUNT(*)), ?2, 0, 0, ?3
         FROM assertions WHERE account_id = ?1 AND ${claimableWhere('assertions')} HAVING COUNT(*) > 0`,
        accountId,
        wallet,
        now,
      ),
    /** The nightly receipt batch: one notification per account whose Receiving badges settle. */
    receivingSettled: (now: number) =>
      rawStatement(
        d1,
        `${INSERT} SELECT a.account_id, 2, 'notifications.receiving_settled', json_object('count', COUNT(*)), ?1, 0, 0, ?2
         FROM assertions a JOIN accounts o ON o.id = a.account_id AND o.status = 'active'
         WHERE a.accept_status = 1 AND a.is_blockchain = 0 AND a.accepted_at <= ?2 GROUP BY a.account_id`,
        wallet,
        now,
      ),
    /**
     * A Blockcerts batch whose proofs are all written (issue 19): one notification per account for
     * its badges of that batch still Receiving, only while the batch is confirmed and complete, so
     * the statement that finishes the batch, placed after it, makes it happen once.
     */
    anchoredSettled: (batchId: string, now: number) =>
      rawStatement(
        d1,
        `${INSERT} SELECT a.account_id, 2, 'notifications.receiving_settled', json_object('count', COUNT(*)), ?1, 0, 0, ?3
         FROM assertions a JOIN accounts o ON o.id = a.account_id AND o.status = 'active'
         WHERE a.accept_status = 1 AND a.id IN (
           SELECT subject_id FROM bc_credentials WHERE batch_id = ?2 AND subject_kind = 'badge')
         AND EXISTS (SELECT 1 FROM bc_batches WHERE id = ?2 AND state = 'confirmed')
         AND NOT EXISTS (SELECT 1 FROM bc_credentials WHERE batch_id = ?2 AND proof_json IS NULL)
         GROUP BY a.account_id`,
        wallet,
        batchId,
        now,
      ),
    /** An import: written only if the import's row exists (a refused duplicate leaves nothing). */
    imported: (accountId: string, hostId: string, now: number) =>
      rawStatement(
        d1,
        `${INSERT} SELECT account_id, 2, 'notifications.import_done', json_object('badge', name), ?3, 0, 0, ?4
         FROM host_assertions WHERE id = ?1 AND account_id = ?2`,
        hostId,
        accountId,
        path(`/assertions/host/detail/${hostId}`),
        now,
      ),
    /** A merge: counts the source's badges before they move, and only while source and target are open. */
    merged: (source: string, target: string, now: number) =>
      rawStatement(
        d1,
        `${INSERT} SELECT ?2, 2, 'notifications.merge_done', json_object(
           'email', (SELECT email FROM account_emails WHERE account_id = ?1 AND is_primary = 1),
           'count', (SELECT COUNT(*) FROM assertions WHERE account_id = ?1
             AND deleted_by_owner_at IS NULL AND deleted_by_issuer_at IS NULL)
             + (SELECT COUNT(*) FROM host_assertions h WHERE h.account_id = ?1 AND NOT EXISTS (
               SELECT 1 FROM host_assertions t WHERE t.account_id = ?2 AND t.external_id = h.external_id))), ?3, 0, 0, ?4
         WHERE EXISTS (SELECT 1 FROM accounts WHERE id = ?1 AND status = 'active')
           AND EXISTS (SELECT 1 FROM accounts WHERE id = ?2 AND status = 'active')`,
        source,
        target,
        wallet,
        now,
      ),
  };
}
