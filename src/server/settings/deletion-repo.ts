import { rawStatement } from '../db/batch';

/** What an account deletion reads and the statements of its one batch (spec §4, ACC-10..12). */
export function deletionRepo(d1: D1Database) {
  const s = (q: string, ...p: unknown[]) => rawStatement(d1, q, ...p);
  return {
    /** R2 objects that belong to the account: its badges' share images and its imports' images. */
    async storedObjects(accountId: string) {
      const [badges, imports] = await Promise.all([
        d1.prepare('SELECT id FROM assertions WHERE account_id = ?').bind(accountId).all<{ id: string }>(),
        d1
          .prepare('SELECT image_key AS key FROM host_assertions WHERE account_id = ? AND image_key IS NOT NULL')
          .bind(accountId)
          .all<{ key: string }>(),
      ]);
      return { badgeIds: badges.results.map((r) => r.id), imageKeys: imports.results.map((r) => r.key) };
    },
    verifiedEmails: async (accountId: string) =>
      (
        await d1
          .prepare('SELECT email_normalized AS e FROM account_emails WHERE account_id = ? AND verified_at IS NOT NULL')
          .bind(accountId)
          .all<{ e: string }>()
      ).results.map((r) => r.e),
    /** First in the batch and conditional: a second, parallel deletion changes nothing. */
    close: (accountId: string, now: number) =>
      s(
        `UPDATE accounts SET status = 'deleted', first_name = '', last_name = '', first_name_en = NULL,
           last_name_en = NULL, bio = NULL, password_hash = NULL, profile_image_key = NULL, updated_at = ?
         WHERE id = ? AND status = 'active' RETURNING id`,
        now,
        accountId,
      ),
    /** The reason, without anything that could tell whose account it was. */
    record: (reason: number, now: number) =>
      s('INSERT INTO account_deletions (reason, deleted_at) VALUES (?, ?)', reason, now),
    tombstone: (emailHash: string, now: number) =>
      s('INSERT OR IGNORE INTO email_tombstones (email_hash, deleted_at) VALUES (?, ?)', emailHash, now),
    /** Badges leave every public surface at once; the issuer's own records stay. */
    hideBadges: (accountId: string, now: number) =>
      s(
        `UPDATE assertions SET is_public = 0, deleted_by_owner_at = COALESCE(deleted_by_owner_at, ?), updated_at = ?
         WHERE account_id = ?`,
        now,
        now,
        accountId,
      ),
    forget: (accountId: string) =>
      [
        'host_assertions',
        // Issue 38: learner records held from elsewhere (a closed account's row stays, so no cascade).
        'held_clrs',
        'notifications',
        'sessions',
        'verification_codes',
        'link_tokens',
        'password_history',
        'account_emails',
        // Issue 22: passkeys and their WebAuthn handle and challenges (a closed account's row stays,
        // so ON DELETE CASCADE does not run).
        'passkeys',
        'webauthn_challenges',
        'webauthn_users',
      ].map((table) => s(`DELETE FROM ${table} WHERE account_id = ?`, accountId)),
  };
}
