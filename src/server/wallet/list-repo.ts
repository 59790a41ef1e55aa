import { CONFIG } from '../config';
import { publicBadgeWhere, publicHostWhere } from '../db/visibility';
import { keywordClause, keywordWords, orderBy, type ListQuery, type Visibility } from './list-query';

/** One row of the badge list: a badge issued here ("m") or one imported from elsewhere ("h"). */
export interface ListRow {
  kind: 'm' | 'h';
  id: string;
  name: string;
  description: string;
  issuerId: string | null;
  issuerName: string;
  email: string;
  issuedOn: number;
  expiresAt: number | null;
  revokedAt: number | null;
  isPublic: boolean;
  isBlockchain: boolean;
  acceptStatus: number;
  createdAt: number;
  acceptedAt: number | null;
  /** Whose image route draws the badge: its class ("m") or itself ("h"); null when it has no image. */
  imageId: string | null;
}

/** A row as the list's SQL names its columns (list-query.ts sorts and filters by these names). */
interface ListSqlRow extends Omit<
  ListRow,
  | 'issuerId'
  | 'issuerName'
  | 'issuedOn'
  | 'expiresAt'
  | 'revokedAt'
  | 'isPublic'
  | 'isBlockchain'
  | 'acceptStatus'
  | 'createdAt'
  | 'acceptedAt'
  | 'imageId'
> {
  issuer_id: string | null;
  issuer_name: string;
  issued_on: number;
  expires_at: number | null;
  revoked_at: number | null;
  is_public: number;
  is_blockchain: number;
  accept_status: number;
  created_at: number;
  accepted_at: number | null;
  image_id: string | null;
}

/** The camelCase row, flags as booleans, like the assertions' row everywhere else. */
const toListRow = (r: ListSqlRow): ListRow => ({
  kind: r.kind,
  id: r.id,
  name: r.name,
  description: r.description,
  issuerId: r.issuer_id,
  issuerName: r.issuer_name,
  email: r.email,
  issuedOn: r.issued_on,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
  isPublic: r.is_public === 1,
  isBlockchain: r.is_blockchain === 1,
  acceptStatus: r.accept_status,
  createdAt: r.created_at,
  acceptedAt: r.accepted_at,
  imageId: r.image_id,
});

const LIVE = 'a.deleted_by_owner_at IS NULL AND a.deleted_by_issuer_at IS NULL';

/** Which badges of the wallet each visibility filter holds (spec §3). */
function statusClause(v: Visibility): { m: string; h: string | null } {
  switch (v) {
    case 4:
      return { m: 'a.accept_status IN (0, 1) AND a.is_hidden = 0 AND a.revoked_at IS NULL', h: null };
    case 1:
      return { m: publicBadgeWhere('a'), h: publicHostWhere('h') };
    case 2:
      return {
        m: 'a.accept_status = 2 AND a.is_public = 0 AND a.revoked_at IS NULL',
        h: 'h.is_public = 0 AND h.revoked_at IS NULL',
      };
    case 3:
      return { m: 'a.accept_status = 2 AND a.revoked_at IS NOT NULL', h: 'h.revoked_at IS NOT NULL' };
    default:
      return { m: 'a.accept_status = 2', h: '1' };
  }
}

/**
 * The skills a keyword also matches, space-separated: the class's tags of a badge issued here, the
 * tags kept with an imported one (an OB 3.0 achievement's `tag`, issue 21). Only selected when a
 * keyword is searched, so the plain list stays on its indexes.
 */
const OWN_SKILLS = `(SELECT group_concat(t.name, ' ') FROM badge_class_tags bt JOIN tags t ON t.id = bt.tag_id
  WHERE bt.badge_class_id = a.badge_class_id)`;
const HOST_SKILLS = `(SELECT group_concat(value, ' ') FROM json_each(h.badge_json, '$.tags') WHERE type = 'text')`;

/** The two sides of the list (issued here, imported), each a full SELECT with ?1 = account id. */
function listSides(v: Visibility, skills = false): { own: string; host: string | null } {
  const s = statusClause(v);
  const own = `SELECT 'm' AS kind, a.id AS id, bc.name AS name, bc.description AS description, a.issuer_id AS issuer_id,
      i.name AS issuer_name, a.recipient_email AS email, a.issued_on AS issued_on, a.expires_at AS expires_at,
      a.revoked_at AS revoked_at, a.is_public AS is_public, a.is_blockchain AS is_blockchain,
      a.accept_status AS accept_status, a.created_at AS created_at, a.accepted_at AS accepted_at,
      CASE WHEN bc.image_key IS NOT NULL AND bc.deleted_at IS NULL THEN bc.id END AS image_id${
        skills ? `, ${OWN_SKILLS} AS skills` : ''
      }
    FROM assertions a JOIN badge_classes bc ON bc.id = a.badge_class_id JOIN issuers i ON i.id = a.issuer_id
    WHERE a.account_id = ?1 AND ${LIVE} AND ${s.m}`;
  if (!s.h) return { own, host: null };
  const host = `SELECT 'h' AS kind, h.id AS id, h.name AS name, h.description AS description, NULL AS issuer_id,
      h.issuer_name AS issuer_name, h.recipient_email AS email, h.issued_on AS issued_on, h.expires_at AS expires_at,
      h.revoked_at AS revoked_at, h.is_public AS is_public, 0 AS is_blockchain, 2 AS accept_status,
      h.created_at AS created_at, h.created_at AS accepted_at,
      CASE WHEN h.image_key IS NOT NULL THEN h.id END AS image_id${skills ? `, ${HOST_SKILLS} AS skills` : ''}
    FROM host_assertions h WHERE h.account_id = ?1 AND ${s.h}`;
  return { own, host };
}

/**
 * One page of the list. Without a keyword each side is ordered and cut to the rows the page can
 * need before the two are merged, so SQLite walks the (account, status, issued_on) index and stops
 * early instead of sorting the whole wallet; with a keyword the filter runs on the merged rows.
 */
function pageSql(v: Visibility, order: string, kw: string, limit: number, offset: number): string {
  const { own, host } = listSides(v, kw !== '1');
  const cut = (sql: string) => (kw === '1' ? `SELECT * FROM (${sql} ORDER BY ${order} LIMIT ${limit + offset})` : sql);
  const merged = host ? `${cut(own)} UNION ALL ${cut(host)}` : cut(own);
  return `SELECT * FROM (${merged}) WHERE ${kw} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
}

/** How many rows the filter holds: counted on the badge tables alone unless a keyword needs the names. */
function totalSql(v: Visibility, kw: string): string {
  const { own, host } = listSides(v, kw !== '1');
  if (kw !== '1') return `SELECT COUNT(*) AS n FROM (${host ? `${own} UNION ALL ${host}` : own}) WHERE ${kw}`;
  const s = statusClause(v);
  const mine = `SELECT COUNT(*) FROM assertions a WHERE a.account_id = ?1 AND ${LIVE} AND ${s.m}`;
  const theirs = s.h ? ` + (SELECT COUNT(*) FROM host_assertions h WHERE h.account_id = ?1 AND ${s.h})` : '';
  return `SELECT (${mine})${theirs} AS n`;
}

/** The wallet's badge list: one page, its total, and the claimable and receiving counts, in one batch. */
export async function findWalletList(d1: D1Database, accountId: string, q: ListQuery) {
  const size = CONFIG.pageSizes.badges;
  const kw = keywordClause(keywordWords(q.keyword), q.types);
  const offset = (Math.max(1, q.page) - 1) * size;
  const [page, total, counts] = await d1.batch([
    d1.prepare(pageSql(q.visibility, orderBy(q.sort), kw.sql, size, offset)).bind(accountId, ...kw.params),
    d1.prepare(totalSql(q.visibility, kw.sql)).bind(accountId, ...kw.params),
    d1
      .prepare(
        `SELECT COALESCE(SUM(a.accept_status = 0 AND a.is_hidden = 0 AND a.revoked_at IS NULL), 0) AS claimable,
                COALESCE(SUM(a.accept_status = 1), 0) AS receiving
         FROM assertions a WHERE a.account_id = ?1 AND a.accept_status IN (0, 1) AND ${LIVE}`,
      )
      .bind(accountId),
  ]);
  const c = counts?.results[0] as { claimable: number; receiving: number } | undefined;
  return {
    rows: ((page?.results ?? []) as unknown as ListSqlRow[]).map(toListRow),
    total: Number((total?.results[0] as { n: number } | undefined)?.n ?? 0),
    claimable: Number(c?.claimable ?? 0),
    receiving: Number(c?.receiving ?? 0),
  };
}

/** A public wallet: the accepted, public, unrevoked badges of one account, newest first by default. */
export async function findPublicList(d1: D1Database, accountId: string, sort: string, page: number) {
  return findWalletList(d1, accountId, { sort, keyword: '', types: [], visibility: 1, page });
}

/** Whether certificates were issued to this account (spec §2: the certificates tab shows only then). */
export async function hasAcadDocs(d1: D1Database, accountId: string): Promise<boolean> {
  const row = await d1
    // Issued documents, or learner records held from elsewhere (issue 38): both live in the tab.
    .prepare(
      `SELECT 1 AS x WHERE EXISTS (SELECT 1 FROM acad_docs WHERE account_id = ?1 AND deleted_at IS NULL)
         OR EXISTS (SELECT 1 FROM held_clrs WHERE account_id = ?1)`,
    )
    .bind(accountId)
    .first();
  return row !== null;
}
