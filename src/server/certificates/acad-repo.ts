import { publicCertificateWhere, publicHeldRecordWhere } from '../db/visibility';
import type { AcadDocKind } from '../db/schema';
import { ACAD_SORTS, type AcadSort } from './sorts';

/** What the list and the detail pages both read of a document issued here. */
interface AcadDocBase {
  id: string;
  title: string;
  name: string;
  issuerName: string;
  issuerId: string;
  kind: AcadDocKind;
  issuedOn: number;
  isPublic: boolean;
  revokedAt: number | null;
  pdfState: 'pending' | 'ready' | 'failed';
}

/**
 * One row of the certificate list: what the list shows, nothing more (no details, no address). A
 * learner record held from elsewhere (issue 38) is listed too: `source` 'held', kind 'record', no
 * recipient name, issuer id, revocation or PDF of its own.
 */
export interface AcadListRow extends Omit<AcadDocBase, 'issuerId' | 'kind'> {
  issuerId: string | null;
  kind: AcadDocKind | 'record';
  source: 'issued' | 'held';
}

/** A document with everything its detail pages show, its template's headings and its issuer's site. */
export interface AcadDetailRow extends AcadDocBase {
  accountId: string | null;
  recipientEmail: string;
  language: string;
  detailsJson: string;
  rowsJson: string | null;
  revokedReason: string | null;
  isBlockchain: boolean;
  createdAt: number;
  updatedAt: number;
  issuerUrl: string | null;
  headingsJson: string | null;
  templateLanguagesJson: string | null;
}

const LIST_COLUMNS = `d.id, d.title, d.name, d.issuer_name AS issuerName, d.issuer_id AS issuerId, d.kind,
  d.issued_on AS issuedOn, d.is_public AS isPublic, d.revoked_at AS revokedAt, d.pdf_state AS pdfState`;
/** The same columns of a held learner record, for the list's UNION ALL (ORDER BY names them). */
const LISTED = `${LIST_COLUMNS}, d.created_at AS createdAt, 'issued' AS source`;
const HELD_LISTED = `h.id, h.title, '' AS name, h.issuer_name AS issuerName, NULL AS issuerId, 'record' AS kind,
  h.issued_on AS issuedOn, h.is_public AS isPublic, h.revoked_at AS revokedAt, 'ready' AS pdfState,
  h.created_at AS createdAt, 'held' AS source`;
const listedOf = (docsWhere: string, heldWhere: string) =>
  `SELECT ${LISTED} FROM acad_docs d WHERE d.account_id = ?1 AND ${docsWhere}
   UNION ALL SELECT ${HELD_LISTED} FROM held_clrs h WHERE h.account_id = ?1 AND ${heldWhere}`;

const DETAIL_COLUMNS = `${LIST_COLUMNS}, d.account_id AS accountId, d.recipient_email AS recipientEmail,
  d.language, d.details_json AS detailsJson, d.rows_json AS rowsJson, d.revoked_reason AS revokedReason,
  d.is_blockchain AS isBlockchain, d.created_at AS createdAt, d.updated_at AS updatedAt, i.url AS issuerUrl,
  t.headings_json AS headingsJson, t.languages_json AS templateLanguagesJson`;

const DETAIL_FROM = `FROM acad_docs d JOIN issuers i ON i.id = d.issuer_id
  LEFT JOIN cert_templates t ON t.id = d.template_id`;

/** What the public may see (db/visibility.ts; AZ-01, ACC-10). */
const PUBLIC_WHERE = publicCertificateWhere('d');

/** A row as SQLite answers it: flags are 0 or 1. */
type Sql<T> = Omit<T, 'isPublic' | 'isBlockchain'> & { isPublic: number; isBlockchain?: number };
const listRow = (r: Sql<AcadListRow>): AcadListRow => ({ ...r, isPublic: r.isPublic === 1 });
const detailRow = (r: Sql<AcadDetailRow>): AcadDetailRow => ({
  ...r,
  isPublic: r.isPublic === 1,
  isBlockchain: r.isBlockchain === 1,
});

/**
 * The list page's query (?1 account, ?2 limit, ?3 offset): the chosen column first, then issue
 * date, then id, so ties are settled and paging never repeats a row. Exported, with COUNT_SQL, for
 * the test that checks both read the account's rows through acad_docs_account_issuer_idx, never
 * the whole table (tests/integration/acad-wallet.test.ts).
 */
export const pageSql = (sort: AcadSort, desc: boolean) => {
  const dir = desc ? 'DESC' : 'ASC';
  return `${listedOf('d.deleted_at IS NULL', '1')}
    ORDER BY ${ACAD_SORTS[sort]} ${dir}, issuedOn DESC, id ${dir} LIMIT ?2 OFFSET ?3`;
};

/** The number of the account's live certificates and held records (?1), shown with the list. */
export const COUNT_SQL = `SELECT (SELECT COUNT(*) FROM acad_docs d WHERE d.account_id = ?1 AND d.deleted_at IS NULL)
  + (SELECT COUNT(*) FROM held_clrs h WHERE h.account_id = ?1) AS n`;

/** The SQL of the recipient's certificates (issue 18); the issuer side writes them (issuing/). */
export function acadRepo(d1: D1Database) {
  return {
    /** One page of an account's live certificates (pageSql) and their number, in one batch. */
    async page(accountId: string, sort: AcadSort, desc: boolean, limit: number, offset: number) {
      const [rows, count] = await d1.batch([
        d1.prepare(pageSql(sort, desc)).bind(accountId, limit, offset),
        d1.prepare(COUNT_SQL).bind(accountId),
      ]);
      return {
        rows: ((rows?.results ?? []) as Sql<AcadListRow>[]).map(listRow),
        total: Number((count?.results[0] as { n: number } | undefined)?.n ?? 0),
      };
    },

    /** The account's live document (revoked ones included); null for anyone else's. */
    async owned(id: string, accountId: string): Promise<AcadDetailRow | null> {
      const r = await d1
        .prepare(
          `SELECT ${DETAIL_COLUMNS} ${DETAIL_FROM} WHERE d.id = ?1 AND d.account_id = ?2 AND d.deleted_at IS NULL`,
        )
        .bind(id, accountId)
        .first<Sql<AcadDetailRow>>();
      return r ? detailRow(r) : null;
    },

    /** The document while the public may see it; null in every other case, whichever it is. */
    async publicOne(id: string): Promise<AcadDetailRow | null> {
      const r = await d1
        .prepare(`SELECT ${DETAIL_COLUMNS} ${DETAIL_FROM} WHERE d.id = ?1 AND ${PUBLIC_WHERE}`)
        .bind(id)
        .first<Sql<AcadDetailRow>>();
      return r ? detailRow(r) : null;
    },

    /** An account's public certificates and held records for its public wallet, issuer first, at most `limit`. */
    async publicOf(accountId: string, limit: number): Promise<AcadListRow[]> {
      const r = await d1
        .prepare(
          `${listedOf(PUBLIC_WHERE, publicHeldRecordWhere('h'))}
           ORDER BY issuerName, issuedOn DESC, id LIMIT ?2`,
        )
        .bind(accountId, limit)
        .all<Sql<AcadListRow>>();
      return r.results.map(listRow);
    },

    /**
     * Publishes or hides the owner's live document in one conditional UPDATE; a revoked document
     * can be hidden but never published. Answers how many rows changed (0 or 1).
     */
    async setPublic(id: string, accountId: string, isPublic: boolean, now: number): Promise<number> {
      const r = await d1
        .prepare(
          `UPDATE acad_docs SET is_public = ?3, updated_at = MAX(?4, updated_at + 1)
           WHERE id = ?1 AND account_id = ?2 AND deleted_at IS NULL AND (?3 = 0 OR revoked_at IS NULL) RETURNING 1`,
        )
        .bind(id, accountId, isPublic ? 1 : 0, now)
        .all();
      // Rows counted by RETURNING: D1's meta.changes also counts the edge cache's trigger writes (0019).
      return r.results.length;
    },
  };
}
