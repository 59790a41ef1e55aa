import type { AccountRow } from '../db/rows';

/** The profile fields of an account row. */
export type ProfileRow = Pick<
  AccountRow,
  'firstName' | 'lastName' | 'firstNameEn' | 'lastNameEn' | 'bio' | 'profileImageKey'
>;

/** What the profile form saves. */
export type ProfileInput = Omit<ProfileRow, 'profileImageKey'>;

/** The profile fields of an account (spec §3 user info; §4 profile settings). */
export function profileRepo(d1: D1Database) {
  return {
    get: (accountId: string) =>
      d1
        .prepare(
          `SELECT first_name AS firstName, last_name AS lastName, first_name_en AS firstNameEn,
             last_name_en AS lastNameEn, bio, profile_image_key AS profileImageKey
           FROM accounts WHERE id = ? AND status = 'active'`,
        )
        .bind(accountId)
        .first<ProfileRow>(),
    async save(accountId: string, p: ProfileInput, now: number) {
      await d1
        .prepare(
          `UPDATE accounts SET first_name = ?, last_name = ?, first_name_en = ?, last_name_en = ?, bio = ?, updated_at = ?
           WHERE id = ?`,
        )
        .bind(p.firstName, p.lastName, p.firstNameEn, p.lastNameEn, p.bio, now, accountId)
        .run();
    },
    /**
     * Swaps the picture's key only if it is still `previous`, so two uploads cannot both win: a
     * statement for the batch that also queues the old object's removal; it returns a row if it won.
     */
    swapImage: (accountId: string, previous: string | null, next: string | null, now: number) =>
      d1
        .prepare(
          'UPDATE accounts SET profile_image_key = ?, updated_at = ? WHERE id = ? AND profile_image_key IS ? RETURNING id',
        )
        .bind(next, now, accountId, previous),
    /** The picture of an active account, if this is its current key (served publicly). */
    currentImage: (accountId: string, key: string) =>
      d1
        .prepare("SELECT 1 AS x FROM accounts WHERE id = ? AND profile_image_key = ? AND status = 'active'")
        .bind(accountId, key)
        .first(),
  };
}
