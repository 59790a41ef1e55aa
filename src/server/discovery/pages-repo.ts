import { and, eq, isNull } from 'drizzle-orm';
import { db } from '../db/client';
import type { BadgeClassRow, IssuerRow, TagRow } from '../db/rows';
import { badgeClasses, issuers } from '../db/schema';
import { BADGE_HIT_COLUMNS, type BadgeHit, type Direction } from './search-repo';

/** An issuer as its page shows it. */
export type IssuerPageRow = Pick<IssuerRow, 'id' | 'name' | 'url' | 'description' | 'imageKey' | 'isCertified'>;

/** A badge class as its page shows it, with its issuer's name, mark and picture. */
export type ClassPageRow = Pick<
  BadgeClassRow,
  | 'id'
  | 'issuerId'
  | 'name'
  | 'description'
  | 'imageKey'
  | 'criteriaUrl'
  | 'criteriaNarrative'
  | 'publicCount'
  | 'createdAt'
> & { issuerName: IssuerRow['name']; issuerCertified: IssuerRow['isCertified']; issuerImageKey: IssuerRow['imageKey'] };

/** What a badge class's share image shows. */
export type ClassCardRow = Pick<BadgeClassRow, 'name' | 'publicCount' | 'imageKey' | 'imageType'> & {
  issuerName: IssuerRow['name'];
};

const BADGE_JOINS = `JOIN badge_classes bc ON bc.id = s.badge_class_id JOIN issuers iss ON iss.id = s.issuer_id`;

/** A live class joined to its live issuer. */
const liveClass = (id: string) =>
  and(eq(badgeClasses.id, id), isNull(badgeClasses.deletedAt), isNull(issuers.deletedAt));

/** Reads of the issuer, badge class and skill pages; their badge lists hold discoverable classes only. */
export function discoveryRepo(d1: D1Database) {
  const d = db(d1);
  return {
    /** What a badge class's share image shows. */
    async classCard(id: string): Promise<ClassCardRow | null> {
      const rows = await d
        .select({
          name: badgeClasses.name,
          issuerName: issuers.name,
          publicCount: badgeClasses.publicCount,
          imageKey: badgeClasses.imageKey,
          imageType: badgeClasses.imageType,
        })
        .from(badgeClasses)
        .innerJoin(issuers, eq(issuers.id, badgeClasses.issuerId))
        .where(liveClass(id))
        .limit(1);
      return rows[0] ?? null;
    },
    /** What an issuer's share image shows: its name, website and how many public badges it has. */
    issuerCard: (id: string) =>
      d1
        .prepare(
          `SELECT name, url, (SELECT COUNT(*) FROM badge_search WHERE issuer_id = ?1) AS badges
           FROM issuers WHERE id = ?1 AND deleted_at IS NULL`,
        )
        .bind(id)
        .first<{ name: string; url: string; badges: number }>(),
    /** What a skill's share image shows: its name and how many discoverable badges carry it. */
    skillCard: (id: string) =>
      d1
        .prepare('SELECT name, public_badge_count AS publicBadgeCount FROM tags WHERE id = ?')
        .bind(id)
        .first<Pick<TagRow, 'name' | 'publicBadgeCount'>>(),
    async issuer(id: string): Promise<IssuerPageRow | null> {
      const rows = await d
        .select({
          id: issuers.id,
          name: issuers.name,
          url: issuers.url,
          description: issuers.description,
          imageKey: issuers.imageKey,
          isCertified: issuers.isCertified,
        })
        .from(issuers)
        .where(and(eq(issuers.id, id), isNull(issuers.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Spec §9: issuer badges default to -CREATED_DATE (newest first). */
    issuerBadges: (issuerId: string, dir: Direction, limit: number, offset: number) => ({
      page: d1
        .prepare(
          `SELECT ${BADGE_HIT_COLUMNS('s')} FROM badge_search s ${BADGE_JOINS} WHERE s.issuer_id = ?
           ORDER BY s.created_at ${dir}, s.rid ${dir} LIMIT ? OFFSET ?`,
        )
        .bind(issuerId, limit, offset),
      count: d1.prepare('SELECT COUNT(*) AS n FROM badge_search WHERE issuer_id = ?').bind(issuerId),
    }),
    async badgeClass(issuerId: string, id: string): Promise<ClassPageRow | null> {
      const rows = await d
        .select({
          id: badgeClasses.id,
          issuerId: badgeClasses.issuerId,
          name: badgeClasses.name,
          description: badgeClasses.description,
          imageKey: badgeClasses.imageKey,
          criteriaUrl: badgeClasses.criteriaUrl,
          criteriaNarrative: badgeClasses.criteriaNarrative,
          publicCount: badgeClasses.publicCount,
          createdAt: badgeClasses.createdAt,
          issuerName: issuers.name,
          issuerCertified: issuers.isCertified,
          issuerImageKey: issuers.imageKey,
        })
        .from(badgeClasses)
        .innerJoin(issuers, eq(issuers.id, badgeClasses.issuerId))
        .where(and(liveClass(id), eq(badgeClasses.issuerId, issuerId)))
        .limit(1);
      return rows[0] ?? null;
    },
    classSkills: async (id: string) =>
      (
        await d1
          .prepare(
            `SELECT t.id, t.name FROM badge_class_tags bt JOIN tags t ON t.id = bt.tag_id
             WHERE bt.badge_class_id = ? ORDER BY t.name`,
          )
          .bind(id)
          .all<Pick<TagRow, 'id' | 'name'>>()
      ).results,
    tag: (id: string) =>
      d1.prepare('SELECT id, name FROM tags WHERE id = ?').bind(id).first<Pick<TagRow, 'id' | 'name'>>(),
    skillBadges: (tagId: string, dir: Direction, limit: number, offset: number) => ({
      page: d1
        .prepare(
          `SELECT ${BADGE_HIT_COLUMNS('s')} FROM badge_class_tags bt JOIN badge_search s ON s.badge_class_id = bt.badge_class_id
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
