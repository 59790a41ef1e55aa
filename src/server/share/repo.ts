import type { AccountRow, BadgeClassRow, IssuerRow } from '../db/rows';

/** What a share image shows, read in one query, and only while the badge is public. */
export type ShareRow = Pick<BadgeClassRow, 'name' | 'imageKey' | 'imageType'> &
  Pick<AccountRow, 'firstName' | 'lastName' | 'language'> & { issuerName: IssuerRow['name'] };

export function shareRepo(d1: D1Database) {
  return {
    /** The same visibility rule as the public badge page (received, public, not revoked or deleted). */
    publicCard: (id: string) =>
      d1
        .prepare(
          `SELECT bc.name, i.name AS issuerName, acc.first_name AS firstName, acc.last_name AS lastName, acc.language,
             bc.image_key AS imageKey, bc.image_type AS imageType
           FROM assertions a JOIN badge_classes bc ON bc.id = a.badge_class_id JOIN issuers i ON i.id = a.issuer_id
             JOIN accounts acc ON acc.id = a.account_id
           WHERE a.id = ? AND a.accept_status = 2 AND a.is_public = 1 AND a.revoked_at IS NULL
             AND a.deleted_by_owner_at IS NULL AND a.deleted_by_issuer_at IS NULL AND acc.status = 'active'`,
        )
        .bind(id)
        .first<ShareRow>(),
  };
}
