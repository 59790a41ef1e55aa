import type { BadgeHit, Direction } from './search-repo';

export interface IssuerRow {
  id: string;
  name: string;
  url: string;
  description: string | null;
  image_key: string | null;
  is_certified: number;
}
export interface BadgeClassRow {
  id: string;
  issuer_id: string;
  name: string;
  description: string;
  image_key: string | null;
  criteria_url: string | null;
  criteria_narrative: string | null;
  public_count: number;
  created_at: number;
  issuer_name: string;
  issuer_certified: number;
  issuer_image_key: string | null;
}

const BADGE_COLUMNS = `s.badge_class_id, s.issuer_id, s.name, iss.name AS issuer_name, (bc.image_key IS NOT NULL) AS has_image`;
const BADGE_JOINS = `JOIN badge_classes bc ON bc.id = s.badge_class_id JOIN issuers iss ON iss.id = s.issuer_id`;

/** Reads of the issuer, badge class and skill pages; their badge lists hold discoverable classes only. */
export interface ClassCardRow {
  name: string;
  issuer_name: string;
  public_count: number;
  image_key: string | null;
  image_type: 'png' | 'svg' | null;
}

export function discoveryRepo(d1: D1Database) {
  return {
    /** What a badge class's share image shows. */
    classCard: (id: string) =>
      d1
        .prepare(
          `SELECT bc.name, iss.name AS issuer_name, bc.public_count, bc.image_key, bc.image_type
           FROM badge_classes bc JOIN issuers iss ON iss.id = bc.issuer_id
           WHERE bc.id = ? AND bc.deleted_at IS NULL AND iss.deleted_at IS NULL`,
        )
        .bind(id)
        .first<ClassCardRow>(),
    /** What an issuer's share image shows: its name, website and how many public badges it has. */
    issuerCard: (id: string) =>
      d1
        .prepare(
          `SELECT name, url, (SELECT COUNT(*) FROM badge_search WHERE issuer_id = ?1) AS badges
           FROM issuers WHERE id = ?1 AND deleted_at IS NULL`,
        )
        .bind(id)
        .first<{ name: string; url: string; badges: number }>(),
    skillCard: (id: string) =>
      d1
        .prepare('SELECT name, public_badge_count AS badges FROM tags WHERE id = ?')
        .bind(id)
        .first<{ name: string; badges: number }>(),
    issuer: (id: string) =>
      d1
        .prepare(
          'SELECT id, name, url, description, image_key, is_certified FROM issuers WHERE id = ? AND deleted_at IS NULL',
        )
        .bind(id)
        .first<IssuerRow>(),
    /** Spec §9: issuer badges default to -CREATED_DATE (newest first). */
    issuerBadges: (issuerId: string, dir: Direction, limit: number, offset: number) => ({
      page: d1
        .prepare(
          `SELECT ${BADGE_COLUMNS} FROM badge_search s ${BADGE_JOINS} WHERE s.issuer_id = ?
           ORDER BY s.created_at ${dir}, s.rid ${dir} LIMIT ? OFFSET ?`,
        )
        .bind(issuerId, limit, offset),
      count: d1.prepare('SELECT COUNT(*) AS n FROM badge_search WHERE issuer_id = ?').bind(issuerId),
    }),
    badgeClass: (issuerId: string, id: string) =>
      d1
        .prepare(
          `SELECT bc.id, bc.issuer_id, bc.name, bc.description, bc.image_key, bc.criteria_url, bc.criteria_narrative,
             bc.public_count, bc.created_at, iss.name AS issuer_name, iss.is_certified AS issuer_certified,
             iss.image_key AS issuer_image_key
           FROM badge_classes bc JOIN issuers iss ON iss.id = bc.issuer_id
           WHERE bc.id = ? AND bc.issuer_id = ? AND bc.deleted_at IS NULL AND iss.deleted_at IS NULL`,
        )
        .bind(id, issuerId)
        .first<BadgeClassRow>(),
    classSkills: async (id: string) =>
      (
        await d1
          .prepare(
            `SELECT t.id AS tag_id, t.name AS tag_name FROM badge_class_tags bt JOIN tags t ON t.id = bt.tag_id
             WHERE bt.badge_class_id = ? ORDER BY t.name`,
          )
          .bind(id)
          .all<{ tag_id: string; tag_name: string }>()
      ).results,
    tag: (id: string) =>
      d1.prepare('SELECT id, name FROM tags WHERE id = ?').bind(id).first<{ id: string; name: string }>(),
    skillBadges: (tagId: string, dir: Direction, limit: number, offset: number) => ({
      page: d1
        .prepare(
          `SELECT ${BADGE_COLUMNS} FROM badge_class_tags bt JOIN badge_search s ON s.badge_class_id = bt.badge_class_id
           ${BADGE_JOINS} WHERE bt.tag_id = ? ORDER BY s.name ${dir}, s.rid ${dir} LIMIT ? OFFSET ?`,
        )
        .bind(tagId, limit, offset),
      count: d1
        .prepare(
          `SELECT COUNT(*) AS n FROM badge_class_tags bt JOIN badge_search s ON s.badge_class_id = bt.badge_class_id
           WHERE bt.tag_id = ?`,
        )
        .bind(tagId),
    }),
  };
}
export type { BadgeHit };
