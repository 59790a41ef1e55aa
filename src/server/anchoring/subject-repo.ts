/** What a badge's Blockcerts credential is made of, read in one query. */
export interface BadgeSubject {
  id: string;
  issuerId: string;
  badgeClassId: string;
  name: string;
  description: string;
  criteria: string | null;
  recipientSalt: string;
  recipientHash: string;
  issuedOn: number;
}

export function subjectRepo(d1: D1Database) {
  return {
    badge: (id: string) =>
      d1
        .prepare(
          `SELECT a.id, a.issuer_id AS issuerId, a.badge_class_id AS badgeClassId, b.name, b.description,
           b.criteria_narrative AS criteria, a.recipient_salt AS recipientSalt, a.recipient_hash AS recipientHash,
           a.issued_on AS issuedOn
           FROM assertions a JOIN badge_classes b ON b.id = a.badge_class_id WHERE a.id = ?`,
        )
        .bind(id)
        .first<BadgeSubject>(),
  };
}
