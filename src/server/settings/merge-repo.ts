import { rawStatement } from '../db/batch';
import type { accountMerges } from '../db/schema';

/** An account merge, proven by the source's sign-in and then completed (one repo reads it). */
export type MergeRow = typeof accountMerges.$inferSelect;

export interface MergePreview {
  badges: number;
  imports: number;
  emails: number;
  certificates: number;
  notifications: number;
}

/**
 * Account integration (spec §1 merge; ACC-05..09). Every statement of the merge batch is guarded by
 * "the source and the target are both still active", and the source is closed last, so a second or
 * parallel run of the same batch changes nothing (ACC-08), and of two crossed merges (A into B, B
 * into A) only the first to commit applies (MRG-10).
 */
export function mergeRepo(d1: D1Database) {
  const s = (q: string, ...p: unknown[]) => rawStatement(d1, q, ...p);
  return {
    insert: (id: string, source: string, target: string, now: number) =>
      d1
        .prepare(
          "INSERT INTO account_merges (id, source_account_id, target_account_id, status, created_at) VALUES (?, ?, ?, 'proven', ?)",
        )
        .bind(id, source, target, now)
        .run(),
    find: (id: string, target: string) =>
      d1
        .prepare(
          `SELECT id, source_account_id AS sourceAccountId, target_account_id AS targetAccountId, status,
             created_at AS createdAt, completed_at AS completedAt
           FROM account_merges WHERE id = ? AND target_account_id = ?`,
        )
        .bind(id, target)
        .first<MergeRow>(),
    isActive: async (accountId: string) =>
      (await d1.prepare("SELECT 1 AS x FROM accounts WHERE id = ? AND status = 'active'").bind(accountId).first()) !==
      null,
    async preview(source: string): Promise<MergePreview> {
      const row = await d1
        .prepare(
          `SELECT
             (SELECT COUNT(*) FROM assertions WHERE account_id = ?1 AND deleted_by_owner_at IS NULL) AS badges,
             (SELECT COUNT(*) FROM host_assertions WHERE account_id = ?1) AS imports,
             (SELECT COUNT(*) FROM account_emails WHERE account_id = ?1 AND verified_at IS NOT NULL) AS emails,
             (SELECT COUNT(*) FROM acad_docs WHERE account_id = ?1 AND deleted_at IS NULL)
               + (SELECT COUNT(*) FROM held_clrs WHERE account_id = ?1) AS certificates,
             (SELECT COUNT(*) FROM notifications WHERE account_id = ?1 AND deleted = 0) AS notifications`,
        )
        .bind(source)
        .first<MergePreview>();
      return row ?? { badges: 0, imports: 0, emails: 0, certificates: 0, notifications: 0 };
    },
    /** The merge, in order; every statement binds ?1 = source, ?2 = target. */
    statements(mergeId: string, source: string, target: string, now: number) {
      const live = `EXISTS (SELECT 1 FROM accounts WHERE id = ?1 AND status = 'active')
        AND EXISTS (SELECT 1 FROM accounts WHERE id = ?2 AND status = 'active')`;
      const st = (q: string, ...more: unknown[]) => s(q, source, target, ...more);
      const move = (table: string, extra = '') =>
        st(`UPDATE ${table} SET account_id = ?2${extra} WHERE account_id = ?1 AND ${live}`);
      const drop = (table: string) => st(`DELETE FROM ${table} WHERE account_id = ?1 AND ${live}`);
      return [
        move('assertions'),
        // An import both accounts hold stays once: the target's copy wins, the source's is dropped.
        st(`UPDATE OR IGNORE host_assertions SET account_id = ?2 WHERE account_id = ?1 AND ${live}`),
        drop('host_assertions'),
        move('acad_docs'),
        // Learner records held from elsewhere (issue 38): one both hold stays once, as for imports.
        st(`UPDATE OR IGNORE held_clrs SET account_id = ?2 WHERE account_id = ?1 AND ${live}`),
        drop('held_clrs'),
        move('notifications'),
        // The award mails' receive links move with their badges (issue 23, found by the chaos run:
        // dropped with the other tokens, a link mailed before the merge answered "unknown link").
        st(`UPDATE link_tokens SET account_id = ?2 WHERE account_id = ?1 AND purpose = 'receive' AND ${live}`),
        // Verified addresses move (never as primary); a pending one the target also has is dropped.
        st(`UPDATE OR IGNORE account_emails SET account_id = ?2, is_primary = 0 WHERE account_id = ?1 AND ${live}`),
        ...['account_emails', 'sessions', 'verification_codes', 'link_tokens', 'password_history'].map(drop),
        // Issue 22: the merged-away account's passkeys go with it, never to the survivor: they were
        // registered for another account's handle, and a key that silently signed into the
        // survivor would surprise its owner. Its challenges and user handle go too.
        ...['passkeys', 'webauthn_challenges', 'webauthn_users'].map(drop),
        st(
          `UPDATE account_merges SET status = 'completed', completed_at = ?3 WHERE id = ?4 AND status = 'proven' AND ${live}`,
          now,
          mergeId,
        ),
        // Last: the source can no longer sign in (ACC-09). Its RETURNING row says the merge applied.
        st(
          `UPDATE accounts SET status = 'merged', merged_into = ?2, password_hash = NULL, updated_at = ?3
           WHERE id = ?1 AND ${live} RETURNING id`,
          now,
        ),
      ];
    },
  };
}
