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
  expiresAt: number | null;
  /** 'invalid' once a weekly check found it no longer verifies. */
  verifyStatus: 'valid' | 'invalid';
  verifiedAt: number;
  revokedAt: number | null;
  revokedReason: string | null;
  isPublic: boolean;
  createdAt: number;
  updatedAt: number;
  /** The address the record was found issued to is still one of the holder's verified addresses. */
  learnerStillVerified: boolean;
}

export type NewHeldClr = Omit<
  HeldClrRow,
  'isPublic' | 'updatedAt' | 'verifyStatus' | 'verifiedAt' | 'revokedAt' | 'revokedReason' | 'learnerStillVerified'
>;

/** What a weekly check found: the state, a revocation (kept from when first seen) and the new verdict. */
export interface HeldRecheck {
  state: 'valid' | 'invalid';
  revoked: boolean;
  reason: string | null;
  reportJson: string;
}

const COLUMNS = `h.id, h.account_id AS accountId, h.external_id AS externalId, h.source_url AS sourceUrl, h.raw,
  h.credential_json AS credentialJson, h.title, h.issuer_name AS issuerName, h.issued_on AS issuedOn,
  h.report_json AS reportJson, h.expires_at AS expiresAt, h.verify_status AS verifyStatus,
  h.verified_at AS verifiedAt, h.revoked_at AS revokedAt, h.revoked_reason AS revokedReason,
  h.is_public AS isPublic, h.created_at AS createdAt, h.updated_at AS updatedAt,
  EXISTS (SELECT 1 FROM account_emails e WHERE e.account_id = h.account_id AND e.verified_at IS NOT NULL
    AND e.email_normalized = json_extract(h.report_json, '$.learner_address')) AS learnerStillVerified`;

type Sql = Omit<HeldClrRow, 'isPublic' | 'learnerStillVerified'> & { isPublic: number; learnerStillVerified: number };
const rowOf = (r: Sql | null): HeldClrRow | null =>
  r ? { ...r, isPublic: r.isPublic === 1, learnerStillVerified: r.learnerStillVerified === 1 } : null;

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
             issued_on, report_json, expires_at, verified_at, is_public, created_at, updated_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?12, ?11, 0, ?11, ?11
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
          r.expiresAt,
        )
        .all();
      return res.results.length === 1;
    },
    /** The document issued here to this account whose kept CLR record has this id, or null. */
    issuedHereAs: async (accountId: string, recordId: string) =>
      (
        await d1
          .prepare(
            `SELECT d.id FROM acad_docs d JOIN clr_credentials c ON c.doc_id = d.id
             WHERE d.account_id = ?1 AND d.deleted_at IS NULL AND json_extract(c.credential_json, '$.id') = ?2 LIMIT 1`,
          )
          .bind(accountId, recordId)
          .first<{ id: string }>()
      )?.id ?? null,
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
          .first<Sql>(),
      ),
    /** The record while the public may see it (db/visibility.ts); null in every other case. */
    publicOne: async (id: string) =>
      rowOf(
        await d1
          .prepare(`SELECT ${COLUMNS} FROM held_clrs h WHERE h.id = ?1 AND ${publicHeldRecordWhere('h')}`)
          .bind(id)
          .first<Sql>(),
      ),
    /** A record the viewer may have verified by id: a public one, or one of the viewer's own (one query). */
    viewable: async (id: string, viewer: string | null) =>
      rowOf(
        await d1
          .prepare(
            `SELECT ${COLUMNS} FROM held_clrs h
             WHERE h.id = ?1 AND (h.account_id = ?2 OR (${publicHeldRecordWhere('h')}))`,
          )
          .bind(id, viewer)
          .first<Sql>(),
      ),
    /**
     * Publishes or hides the owner's record in one conditional UPDATE: rows changed, 0 or 1. One
     * revoked, or no longer verifying, can be hidden but never published.
     */
    async setPublic(id: string, accountId: string, isPublic: boolean, now: number): Promise<number> {
      const r = await d1
        .prepare(
          `UPDATE held_clrs SET is_public = ?3, updated_at = MAX(?4, updated_at + 1)
           WHERE id = ?1 AND account_id = ?2
             AND (?3 = 0 OR (revoked_at IS NULL AND verify_status = 'valid')) RETURNING 1`,
        )
        .bind(id, accountId, isPublic ? 1 : 0, now)
        .all();
      return r.results.length;
    },
    /** Records not revoked whose last check is older than `before`, the oldest first. */
    dueForRecheck: async (before: number, limit: number) =>
      (
        await d1
          .prepare(
            `SELECT id, account_id AS accountId, raw, verified_at AS verifiedAt FROM held_clrs
             WHERE revoked_at IS NULL AND verified_at < ?1 ORDER BY verified_at LIMIT ?2`,
          )
          .bind(before, limit)
          .all<Pick<HeldClrRow, 'id' | 'accountId' | 'raw' | 'verifiedAt'>>()
      ).results,
    /**
     * Stores a check's verdict, unless the row was checked (or removed) meanwhile: conditional on
     * the check it replaces. A revocation keeps the time it was first seen; being public stays the
     * owner's choice, but the public sees only a record that is neither revoked nor invalid.
     */
    async recordCheck(id: string, seen: number, v: HeldRecheck, now: number) {
      await d1
        .prepare(
          `UPDATE held_clrs SET verify_status = ?1, report_json = ?2, verified_at = ?3,
             revoked_at = CASE WHEN ?4 THEN COALESCE(revoked_at, ?3) ELSE NULL END, revoked_reason = ?5,
             updated_at = MAX(?3, updated_at + 1)
           WHERE id = ?6 AND verified_at = ?7`,
        )
        .bind(v.state, v.reportJson, now, v.revoked ? 1 : 0, v.reason, id, seen)
        .run();
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
