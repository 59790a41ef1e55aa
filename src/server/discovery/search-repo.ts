import type { BadgeSearchRow, IssuerRow, IssuerSearchRow, TagRow } from '../db/rows';
import { ftsQuery, likePattern, type Keywords } from './keywords';

export type Direction = 'asc' | 'desc';
export interface Slice {
  limit: number;
  offset: number;
}
/** A search hit's total of all matches (a window count; absent on an empty page). */
interface Counted {
  total?: number;
}
/** A discoverable badge class, with its issuer's name and whether it has a picture (0 or 1). */
export type BadgeHit = Counted &
  Pick<BadgeSearchRow, 'badgeClassId' | 'issuerId' | 'name'> & { issuerName: IssuerRow['name']; hasImage: number };
/** A skill and how many discoverable badges carry it. */
export type SkillHit = Counted & Pick<TagRow, 'id' | 'name' | 'publicBadgeCount'>;
/** An active issuer and whether it has a picture (0 or 1). */
export type IssuerHit = Counted & Pick<IssuerSearchRow, 'issuerId' | 'name'> & { hasImage: number };

/** The columns of a BadgeHit, named as its type names them. */
export const BADGE_HIT_COLUMNS = (m: string) =>
  `${m}.badge_class_id AS badgeClassId, ${m}.issuer_id AS issuerId, ${m}.name, iss.name AS issuerName,
   (bc.image_key IS NOT NULL) AS hasImage`;

/** One search as SQL: where the rows come from, the conditions, and their values. */
interface Query {
  from: string;
  where: string[];
  binds: unknown[];
}

/**
 * A search over one of the narrow index tables (`alias` names its rows): words of 3+ characters
 * through its trigram FTS5 table, shorter ones with LIKE over the listed columns (any may match).
 */
function textQuery(table: string, alias: string, shortColumns: string[], k: Keywords): Query {
  const q: Query = k.long.length
    ? {
        from: `${table}_fts f JOIN ${table} ${alias} ON ${alias}.rid = f.rowid`,
        where: [`${table}_fts MATCH ?`],
        binds: [ftsQuery(k.long)],
      }
    : { from: `${table} ${alias}`, where: [], binds: [] };
  for (const w of k.short) {
    q.where.push(`(${shortColumns.map((c) => `${alias}.${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
    q.binds.push(...shortColumns.map(() => likePattern(w)));
  }
  return q;
}
/** Badges: MATCH over name, description and skills; short words over name and skills. */
const badgeQuery = (k: Keywords) => textQuery('badge_search', 's', ['name', 'skills'], k);
const issuerQuery = (k: Keywords) => textQuery('issuer_search', 'i', ['name'], k);

/**
 * Skills are short names in a small table: every word is a substring of the name. instr(), not
 * LIKE: D1 refuses LIKE patterns over 50 bytes (SRCH-01), and a word here can be 50 characters.
 * lower() on both sides folds ASCII case, as LIKE does.
 */
function skillQuery(k: Keywords): Query {
  const words = [...k.long, ...k.short];
  return { from: 'tags t', where: words.map(() => 'instr(lower(t.name), lower(?)) > 0'), binds: words };
}

const whereOf = (q: Query) => (q.where.length ? `WHERE ${q.where.join(' AND ')}` : '');

/**
 * Search over what the public may find (spec §1, §3). Each search is one statement: the page, with
 * the total of all matches as a window count (one pass over the matches instead of two). Only a
 * page past the end comes back empty without a total; `count` answers that case.
 *
 * The matches are sorted in full (`+s.name` keeps SQLite from walking the name index, which visits
 * rows in random order), and the issuer and image joins run for the 20 rows of the page only.
 */
export function searchRepo(d1: D1Database) {
  return {
    badges(k: Keywords, dir: Direction, s: Slice) {
      const q = badgeQuery(k);
      return {
        page: d1
          .prepare(
            `SELECT ${BADGE_HIT_COLUMNS('m')}, m.total
             FROM (SELECT s.rid, s.badge_class_id, s.issuer_id, s.name, COUNT(*) OVER () AS total FROM ${q.from}
                   ${whereOf(q)} ORDER BY +s.name ${dir}, s.rid ${dir} LIMIT ? OFFSET ?) m
             JOIN badge_classes bc ON bc.id = m.badge_class_id JOIN issuers iss ON iss.id = m.issuer_id
             ORDER BY m.name ${dir}, m.rid ${dir}`,
          )
          .bind(...q.binds, s.limit, s.offset),
        count: d1.prepare(`SELECT COUNT(*) AS n FROM ${q.from} ${whereOf(q)}`).bind(...q.binds),
      };
    },
    skills(k: Keywords, dir: Direction, s: Slice) {
      const q = skillQuery(k);
      // A skill shows how many discoverable badges carry it (a count the triggers keep); skills of
      // none are not shown.
      const where = `WHERE t.public_badge_count > 0${q.where.map((w) => ` AND ${w}`).join('')}`;
      return {
        page: d1
          .prepare(
            `SELECT t.id, t.name, t.public_badge_count AS publicBadgeCount, COUNT(*) OVER () AS total
             FROM tags t ${where} ORDER BY t.public_badge_count ${dir}, t.name ASC LIMIT ? OFFSET ?`,
          )
          .bind(...q.binds, s.limit, s.offset),
        count: d1.prepare(`SELECT COUNT(*) AS n FROM tags t ${where}`).bind(...q.binds),
      };
    },
    issuers(k: Keywords, dir: Direction, s: Slice) {
      const q = issuerQuery(k);
      return {
        page: d1
          .prepare(
            `SELECT m.issuer_id AS issuerId, m.name, m.total, (iss.image_key IS NOT NULL) AS hasImage
             FROM (SELECT i.rid, i.issuer_id, i.name, COUNT(*) OVER () AS total FROM ${q.from}
                   ${whereOf(q)} ORDER BY +i.name ${dir}, i.rid ${dir} LIMIT ? OFFSET ?) m
             JOIN issuers iss ON iss.id = m.issuer_id ORDER BY m.name ${dir}, m.rid ${dir}`,
          )
          .bind(...q.binds, s.limit, s.offset),
        count: d1.prepare(`SELECT COUNT(*) AS n FROM ${q.from} ${whereOf(q)}`).bind(...q.binds),
      };
    },
  };
}
