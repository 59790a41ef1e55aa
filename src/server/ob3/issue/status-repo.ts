import { rawStatement } from '../../db/batch';
import { STATUS_LIST_SIZE } from './urls';

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
    allocate(issuerId: string, assertionId: string, now: number) {
      return [
        rawStatement(
          d1,
          `INSERT OR IGNORE INTO ob3_status_lists (issuer_id, list_no, size, allocated, revision, created_at)
           SELECT ?, COALESCE((SELECT MAX(list_no) FROM ob3_status_lists WHERE issuer_id = ?), -1) + 1, ?, 0, 0, ?
           WHERE NOT EXISTS (SELECT 1 FROM ob3_status_lists WHERE issuer_id = ? AND allocated < size)
             AND NOT EXISTS (SELECT 1 FROM ob3_status_entries WHERE assertion_id = ?)`,
          issuerId,
          issuerId,
          STATUS_LIST_SIZE,
          now,
          issuerId,
          assertionId,
        ),
        rawStatement(
          d1,
          `INSERT INTO ob3_status_entries (assertion_id, issuer_id, list_no, status_index)
           SELECT ?, issuer_id, list_no, (allocated * 100003) % size FROM ob3_status_lists
           WHERE issuer_id = ? AND allocated < size
             AND EXISTS (SELECT 1 FROM assertions WHERE id = ? AND issuer_id = ?)
           ORDER BY list_no LIMIT 1
           ON CONFLICT (assertion_id) DO NOTHING`,
          assertionId,
          issuerId,
          assertionId,
          issuerId,
        ),
        rawStatement(
          d1,
          `UPDATE ob3_status_lists SET allocated = allocated + 1
           WHERE issuer_id = ? AND allocated < size
             AND list_no = (SELECT list_no FROM ob3_status_entries WHERE assertion_id = ?)
             AND (SELECT status_index FROM ob3_status_entries WHERE assertion_id = ?) = (allocated * 100003) % size`,
          issuerId,
          assertionId,
          assertionId,
        ),
      ];
    },

    /**
     * The same three statements for an academic document's CLR (issue 38), in the document's own
     * batch: its slot comes from the same counter as awards', so the two never share a bit.
     */
    allocateDoc(issuerId: string, docId: string, now: number) {
      return [
        rawStatement(
          d1,
          `INSERT OR IGNORE INTO ob3_status_lists (issuer_id, list_no, size, allocated, revision, created_at)
           SELECT ?, COALESCE((SELECT MAX(list_no) FROM ob3_status_lists WHERE issuer_id = ?), -1) + 1, ?, 0, 0, ?
           WHERE NOT EXISTS (SELECT 1 FROM ob3_status_lists WHERE issuer_id = ? AND allocated < size)
             AND NOT EXISTS (SELECT 1 FROM clr_status_entries WHERE doc_id = ?)`,
          issuerId,
          issuerId,
          STATUS_LIST_SIZE,
          now,
          issuerId,
          docId,
        ),
        rawStatement(
          d1,
          `INSERT INTO clr_status_entries (doc_id, issuer_id, list_no, status_index)
           SELECT ?, issuer_id, list_no, (allocated * 100003) % size FROM ob3_status_lists
           WHERE issuer_id = ? AND allocated < size
             AND EXISTS (SELECT 1 FROM acad_docs WHERE id = ? AND issuer_id = ?)
           ORDER BY list_no LIMIT 1
           ON CONFLICT (doc_id) DO NOTHING`,
          docId,
          issuerId,
          docId,
          issuerId,
        ),
        rawStatement(
          d1,
          `UPDATE ob3_status_lists SET allocated = allocated + 1
           WHERE issuer_id = ? AND allocated < size
             AND list_no = (SELECT list_no FROM clr_status_entries WHERE doc_id = ?)
             AND (SELECT status_index FROM clr_status_entries WHERE doc_id = ?) = (allocated * 100003) % size`,
          issuerId,
          docId,
          docId,
        ),
      ];
    },

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
