import { publicHeldRecordWhere } from '../../db/visibility';

/** A learner record held from elsewhere (migration 0022), as its pages read it. */
export interface HeldClrRow {
  id: string;
  accountId: string;
  externalId: string;
  sourceUrl: string | null;
  raw: string;
  credentialJson: string;
  title: string;
  issuerName: string;
  issuedOn: number;
  reportJson: string;
  isPublic: boolean;
  createdAt: number;
  updatedAt: number;
}

export type NewHeldClr = Omit<HeldClrRow, 'isPublic' | 'updatedAt'>;

const COLUMNS = `h.id, h.account_id AS accountId, h.external_id AS externalId, h.source_url AS sourceUrl, h.raw,
  h.credential_json AS credentialJson, h.title, h.issuer_name AS issuerName, h.issued_on AS issuedOn,
  h.report_json AS reportJson, h.is_public AS isPublic, h.created_at AS createdAt, h.updated_at AS updatedAt`;

const rowOf = (r: (Omit<HeldClrRow, 'isPublic'> & { isPublic: number }) | null): HeldClrRow | null =>
  r ? { ...r, isPublic: r.isPublic === 1 } : null;

/** The SQL of held learner records (issue 38, item 2); the certificate list reads them with acad_docs. */
export function heldClrRepo(d1: D1Database) {
  return {
    /**
     * Keeps a record once per account: a second copy of the same record (by its id, or its text's
     * hash) changes nothing and answers no row, however many arrive at once.
     */
    async insert(r: NewHeldClr): Promise<boolean> {
      const res = await d1
        .prepare(
          `INSERT INTO held_clrs (id, account_id, external_id, source_url, raw, credential_json, title, issuer_name,
             issued_on, report_json, is_public, created_at, updated_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 0, ?11, ?11
           WHERE EXISTS (SELECT 1 FROM accounts WHERE id = ?2 AND status = 'active')
           ON CONFLICT (account_id, external_id) DO NOTHING RETURNING id`,
        )
        .bind(
          r.id,
          r.accountId,
          r.externalId,
          r.sourceUrl,
          r.raw,
          r.credentialJson,
          r.title,
          r.issuerName,
          r.issuedOn,
          r.reportJson,
          r.createdAt,
        )
        .all();
      return res.results.length === 1;
    },
    /** The account's copy of a record, by the record's own id; null when it holds none. */
    idOf: async (accountId: string, externalId: string) =>
      (
        await d1
          .prepare('SELECT id FROM held_clrs WHERE account_id = ?1 AND external_id = ?2')
          .bind(accountId, externalId)
          .first<{ id: string }>()
      )?.id ?? null,
    /** The owner's record; null for anyone else's. */
    owned: async (id: string, accountId: string) =>
      rowOf(
        await d1
          .prepare(`SELECT ${COLUMNS} FROM held_clrs h WHERE h.id = ?1 AND h.account_id = ?2`)
          .bind(id, accountId)
          .first(),
      ),
    /** The record while the public may see it (db/visibility.ts); null in every other case. */
    publicOne: async (id: string) =>
      rowOf(
        await d1
          .prepare(`SELECT ${COLUMNS} FROM held_clrs h WHERE h.id = ?1 AND ${publicHeldRecordWhere('h')}`)
          .bind(id)
          .first(),
      ),
    /** Publishes or hides the owner's record in one conditional UPDATE: rows changed, 0 or 1. */
    async setPublic(id: string, accountId: string, isPublic: boolean, now: number): Promise<number> {
      const r = await d1
        .prepare(
          `UPDATE held_clrs SET is_public = ?3, updated_at = MAX(?4, updated_at + 1)
           WHERE id = ?1 AND account_id = ?2 RETURNING 1`,
        )
        .bind(id, accountId, isPublic ? 1 : 0, now)
        .all();
      return r.results.length;
    },
    /** Removes the owner's record: rows removed, 0 or 1 (a second, parallel removal finds none). */
    async remove(id: string, accountId: string): Promise<number> {
      const r = await d1
        .prepare('DELETE FROM held_clrs WHERE id = ?1 AND account_id = ?2 RETURNING 1')
        .bind(id, accountId)
        .all();
      return r.results.length;
    },
  };
}
