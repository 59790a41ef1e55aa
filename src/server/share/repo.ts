import type { AccountRow, BadgeClassRow, IssuerRow } from '../db/rows';
import { publicBadgeWhere } from '../db/visibility';

/** What a share image shows, read in one query, and only while the badge is public. */
export type ShareRow = Pick<BadgeClassRow, 'name' | 'imageKey' | 'imageType'> &
  Pick<AccountRow, 'firstName' | 'lastName' | 'language'> & { issuerName: IssuerRow['name'] };

export function shareRepo(d1: D1Database) {
  return {
    /** Only while the badge is public (db/visibility.ts), as on its public page. */
    publicCard: (id: string) =>
      d1
        .prepare(
          `SELECT bc.name, i.name AS issuerName, acc.first_name AS firstName, acc.last_name AS lastName, acc.language,
             bc.image_key AS imageKey, bc.image_type AS imageType
           FROM assertions a JOIN badge_classes bc ON bc.id = a.badge_class_id JOIN issuers i ON i.id = a.issuer_id
             JOIN accounts acc ON acc.id = a.account_id
           WHERE a.id = ? AND ${publicBadgeWhere('a')}`,
        )
        .bind(id)
        .first<ShareRow>(),
  };
}
