import { ftsQuery, likePattern, type Keywords } from './keywords';

export type Direction = 'asc' | 'desc';
export interface Slice {
  limit: number;
  offset: number;
}
export interface BadgeHit {
  badge_class_id: string;
  issuer_id: string;
  name: string;
  issuer_name: string;
  has_image: number;
}
export interface SkillHit {
  tag_id: string;
  tag_name: string;
  badge_count: number;
}
export interface IssuerHit {
  issuer_id: string;
  name: string;
  has_image: number;
}

/** One search as SQL: where the rows come from, the conditions, and their values. */
interface Query {
  from: string;
  where: string[];
  binds: unknown[];
}

/** Badges: trigram MATCH over name, description and skills; short words LIKE over name and skills. */
function badgeQuery(k: Keywords): Query {
  const q: Query = k.long.length
    ? {
        from: 'badge_search_fts f JOIN badge_search s ON s.rid = f.rowid',
        where: ['badge_search_fts MATCH ?'],
        binds: [ftsQuery(k.long)],
      }
    : { from: 'badge_search s', where: [], binds: [] };
  for (const w of k.short) {
    q.where.push("(s.name LIKE ? ESCAPE '\\' OR s.skills LIKE ? ESCAPE '\\')");
    q.binds.push(likePattern(w), likePattern(w));
  }
  return q;
}

function issuerQuery(k: Keywords): Query {
  const q: Query = k.long.length
    ? {
        from: 'issuer_search_fts f JOIN issuer_search i ON i.rid = f.rowid',
        where: ['issuer_search_fts MATCH ?'],
        binds: [ftsQuery(k.long)],
      }
    : { from: 'issuer_search i', where: [], binds: [] };
  for (const w of k.short) {
    q.where.push("i.name LIKE ? ESCAPE '\\'");
    q.binds.push(likePattern(w));
  }
  return q;
}

/** Skills are short names in a small table: every word is a substring of the name. */
function skillQuery(k: Keywords): Query {
  const words = [...k.long, ...k.short];
  return {
    from: 'tags t',
    where: words.map(() => "t.name LIKE ? ESCAPE '\\'"),
    binds: words.map(likePattern),
  };
}

const whereOf = (q: Query) => (q.where.length ? `WHERE ${q.where.join(' AND ')}` : '');

/**
 * Search over what the public may find (spec §1, §3). Each search is a page statement and a count
 * statement, so a caller can send several in one D1 batch (one round trip for the overview).
 */
export function searchRepo(d1: D1Database) {
  return {
    badges(k: Keywords, dir: Direction, s: Slice) {
      const q = badgeQuery(k);
      return {
        page: d1
          .prepare(
            `SELECT s.badge_class_id, s.issuer_id, s.name, iss.name AS issuer_name,
               (bc.image_key IS NOT NULL) AS has_image
             FROM ${q.from} JOIN badge_classes bc ON bc.id = s.badge_class_id JOIN issuers iss ON iss.id = s.issuer_id
             ${whereOf(q)} ORDER BY s.name ${dir}, s.rid ${dir} LIMIT ? OFFSET ?`,
          )
          .bind(...q.binds, s.limit, s.offset),
        count: d1.prepare(`SELECT COUNT(*) AS n FROM ${q.from} ${whereOf(q)}`).bind(...q.binds),
      };
    },
    skills(k: Keywords, dir: Direction, s: Slice) {
      const q = skillQuery(k);
      // A skill counts the discoverable badges carrying it; skills of none are not shown.
      const carried = `FROM ${q.from} JOIN badge_class_tags bt ON bt.tag_id = t.id
        JOIN badge_search s ON s.badge_class_id = bt.badge_class_id ${whereOf(q)} GROUP BY t.id`;
      return {
        page: d1
          .prepare(
            `SELECT t.id AS tag_id, t.name AS tag_name, COUNT(*) AS badge_count ${carried}
             ORDER BY badge_count ${dir}, t.name ASC LIMIT ? OFFSET ?`,
          )
          .bind(...q.binds, s.limit, s.offset),
        count: d1.prepare(`SELECT COUNT(*) AS n FROM (SELECT t.id ${carried})`).bind(...q.binds),
      };
    },
    issuers(k: Keywords, dir: Direction, s: Slice) {
      const q = issuerQuery(k);
      return {
        page: d1
          .prepare(
            `SELECT i.issuer_id, i.name, (iss.image_key IS NOT NULL) AS has_image
             FROM ${q.from} JOIN issuers iss ON iss.id = i.issuer_id
             ${whereOf(q)} ORDER BY i.name ${dir}, i.rid ${dir} LIMIT ? OFFSET ?`,
          )
          .bind(...q.binds, s.limit, s.offset),
        count: d1.prepare(`SELECT COUNT(*) AS n FROM ${q.from} ${whereOf(q)}`).bind(...q.binds),
      };
    },
  };
}
