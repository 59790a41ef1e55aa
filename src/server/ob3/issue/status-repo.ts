import { rawStatement } from '../../db/batch';
import { STATUS_LIST_SIZE } from './urls';

/** Where the entries of one kind of credential live, and the row each entry belongs to. */
interface SlotTable {
  entries: 'ob3_status_entries' | 'clr_status_entries';
  key: 'assertion_id' | 'doc_id';
  owner: 'assertions' | 'acad_docs';
}
const AWARD: SlotTable = { entries: 'ob3_status_entries', key: 'assertion_id', owner: 'assertions' };
const DOC: SlotTable = { entries: 'clr_status_entries', key: 'doc_id', owner: 'acad_docs' };

/**
 * Open a list when the issuer has none with room, take the next slot for `id` if its row is the
 * issuer's and it has none yet, and count the slot taken only if `id` really took it. The table
 * names are the two constants above, never input.
 */
function slotStatements(d1: D1Database, t: SlotTable, issuerId: string, id: string, now: number) {
  return [
    rawStatement(
      d1,
      `INSERT OR IGNORE INTO ob3_status_lists (issuer_id, list_no, size, allocated, revision, created_at)
       SELECT ?, COALESCE((SELECT MAX(list_no) FROM ob3_status_lists WHERE issuer_id = ?), -1) + 1, ?, 0, 0, ?
       WHERE NOT EXISTS (SELECT 1 FROM ob3_status_lists WHERE issuer_id = ? AND allocated < size)
         AND NOT EXISTS (SELECT 1 FROM ${t.entries} WHERE ${t.key} = ?)`,
      issuerId,
      issuerId,
      STATUS_LIST_SIZE,
      now,
      issuerId,
      id,
    ),
    rawStatement(
      d1,
      `INSERT INTO ${t.entries} (${t.key}, issuer_id, list_no, status_index)
       SELECT ?, issuer_id, list_no, (allocated * 100003) % size FROM ob3_status_lists
       WHERE issuer_id = ? AND allocated < size
         AND EXISTS (SELECT 1 FROM ${t.owner} WHERE id = ? AND issuer_id = ?)
       ORDER BY list_no LIMIT 1
       ON CONFLICT (${t.key}) DO NOTHING`,
      id,
      issuerId,
      id,
      issuerId,
    ),
    rawStatement(
      d1,
      `UPDATE ob3_status_lists SET allocated = allocated + 1
       WHERE issuer_id = ? AND allocated < size
         AND list_no = (SELECT list_no FROM ${t.entries} WHERE ${t.key} = ?)
         AND (SELECT status_index FROM ${t.entries} WHERE ${t.key} = ?) = (allocated * 100003) % size`,
      issuerId,
      id,
      id,
    ),
  ];
}

/**
 * SQL of the BitstringStatusLists (migration 0011). Writes are statements for the caller's D1 batch,
 * each re-checking its own precondition, so an award or a revocation and its status change commit
 * together or not at all.
 */
export function ob3StatusRepo(d1: D1Database) {
  return {
    /**
     * Three statements that give an award its status entry inside the award's batch: open a new
     * list when the issuer has none with room, take the next free slot (index = allocated * 100003
     * mod size, a permutation), and count it taken only if this award really took that slot (a retried
     * award that already has an entry takes nothing). D1 runs batches one at a time, so parallel
     * awards get distinct slots.
     */
    allocate: (issuerId: string, assertionId: string, now: number) =>
      slotStatements(d1, AWARD, issuerId, assertionId, now),

    /**
     * The same three statements for an academic document's CLR (issue 38), in the document's own
     * batch: its slot comes from the same counter as awards', so the two never share a bit.
     */
    allocateDoc: (issuerId: string, docId: string, now: number) => slotStatements(d1, DOC, issuerId, docId, now),

    /** Marks a document's list changed, once the document is in fact revoked or deleted. */
    touchListOfDoc(docId: string) {
      return rawStatement(
        d1,
        `UPDATE ob3_status_lists SET revision = revision + 1
         WHERE (issuer_id, list_no) IN (SELECT issuer_id, list_no FROM clr_status_entries WHERE doc_id = ?)
           AND EXISTS (SELECT 1 FROM acad_docs WHERE id = ? AND (revoked_at IS NOT NULL OR deleted_at IS NOT NULL))`,
        docId,
        docId,
      );
    },

    /** A document's CLR status entry, or null (documents made before migration 0021 have none). */
    async docEntryOf(docId: string) {
      return d1
        .prepare('SELECT issuer_id, list_no, status_index FROM clr_status_entries WHERE doc_id = ?')
        .bind(docId)
        .first<{ issuer_id: string; list_no: number; status_index: number }>();
    },

    /**
     * Marks the award's list changed (its signed copy is then re-signed when next served), only once
     * the award is in fact revoked or deleted by its issuer: for the revocation's own batch.
     */
    touchListOf(assertionId: string) {
      return rawStatement(
        d1,
        `UPDATE ob3_status_lists SET revision = revision + 1
         WHERE (issuer_id, list_no) IN (SELECT issuer_id, list_no FROM ob3_status_entries WHERE assertion_id = ?)
           AND EXISTS (SELECT 1 FROM assertions WHERE id = ?
                       AND (revoked_at IS NOT NULL OR deleted_by_issuer_at IS NOT NULL))`,
        assertionId,
        assertionId,
      );
    },

    /** The award's status entry, or null (awards made before migration 0011 have none). */
    async entryOf(assertionId: string) {
      return d1
        .prepare('SELECT issuer_id, list_no, status_index FROM ob3_status_entries WHERE assertion_id = ?')
        .bind(assertionId)
        .first<{ issuer_id: string; list_no: number; status_index: number }>();
    },

    /**
     * One list as one consistent read: its row (with the signed copy and its revision) and the
     * indexes whose bit is set (awards revoked or deleted by the issuer, documents revoked or
     * deleted). Null when there is no list.
     */
    async list(issuerId: string, listNo: number) {
      const [head, bits] = await d1.batch([
        d1
          .prepare(
            `SELECT l.size, l.revision, l.signed_json, l.signed_revision FROM ob3_status_lists l
             JOIN issuers i ON i.id = l.issuer_id AND i.deleted_at IS NULL
             WHERE l.issuer_id = ? AND l.list_no = ?`,
          )
          .bind(issuerId, listNo),
        // Awards revoked or deleted by their issuer, and academic documents' CLRs (issue 38) whose
        // document is revoked or deleted (a reissue deletes the one it replaces).
        d1
          .prepare(
            `SELECT e.status_index FROM ob3_status_entries e JOIN assertions a ON a.id = e.assertion_id
             WHERE e.issuer_id = ? AND e.list_no = ?
               AND (a.revoked_at IS NOT NULL OR a.deleted_by_issuer_at IS NOT NULL)
             UNION ALL
             SELECT c.status_index FROM clr_status_entries c JOIN acad_docs d ON d.id = c.doc_id
             WHERE c.issuer_id = ? AND c.list_no = ?
               AND (d.revoked_at IS NOT NULL OR d.deleted_at IS NOT NULL)`,
          )
          .bind(issuerId, listNo, issuerId, listNo),
      ]);
      const row = head?.results[0] as
        { size: number; revision: number; signed_json: string | null; signed_revision: number | null } | undefined;
      if (!row) return null;
      return { ...row, set: ((bits?.results ?? []) as { status_index: number }[]).map((r) => r.status_index) };
    },

    /** Keeps a signed copy, unless the list changed since the read it was made from. */
    async keepSigned(issuerId: string, listNo: number, revision: number, json: string) {
      await d1
        .prepare(
          `UPDATE ob3_status_lists SET signed_json = ?, signed_revision = ?
           WHERE issuer_id = ? AND list_no = ? AND revision = ?`,
        )
        .bind(json, revision, issuerId, listNo, revision)
        .run();
    },
  };
}
