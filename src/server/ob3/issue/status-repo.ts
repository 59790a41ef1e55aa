import { rawStatement } from '../../db/batch';
import { STATUS_LIST_SIZE } from './urls';

/**
 * Where the entries of one kind of credential live, the row each entry belongs to, and when that
 * row's bit is set: an award revoked or deleted by its issuer (`ob3_status_entries`, migration
 * 0011), an academic document revoked or deleted, a reissue deleting the one it replaces
 * (`clr_status_entries`, migration 0021, issue 38). Both take slots from one counter per list.
 */
const SLOTS = {
  award: {
    entries: 'ob3_status_entries',
    key: 'assertion_id',
    owner: 'assertions',
    gone: 'revoked_at IS NOT NULL OR deleted_by_issuer_at IS NOT NULL',
  },
  doc: {
    entries: 'clr_status_entries',
    key: 'doc_id',
    owner: 'acad_docs',
    gone: 'revoked_at IS NOT NULL OR deleted_at IS NOT NULL',
  },
} as const;
export type SlotKind = keyof typeof SLOTS;
type SlotTable = (typeof SLOTS)[SlotKind];

/** The indexes of one list whose bit is set: every entry whose row is gone, awards and documents alike. */
const GONE_BITS = [SLOTS.award, SLOTS.doc]
  .map(
    // The entries tables have no *_at column, so `gone` reads the owner's.
    (t) => `SELECT e.status_index FROM ${t.entries} e JOIN ${t.owner} o ON o.id = e.${t.key}
            WHERE e.issuer_id = ?1 AND e.list_no = ?2 AND (${t.gone})`,
  )
  .join(' UNION ALL ');

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
     * Three statements that give an award, or a document's CLR, its status entry inside its own
     * batch: open a new list when the issuer has none with room, take the next free slot (index =
     * allocated * 100003 mod size, a permutation), and count it taken only if this one really took
     * that slot (a retried award that already has an entry takes nothing). D1 runs batches one at a
     * time, so parallel awards and documents get distinct slots.
     */
    allocate: (kind: SlotKind, issuerId: string, id: string, now: number) =>
      slotStatements(d1, SLOTS[kind], issuerId, id, now),

    /**
     * Marks the list holding this one's bit changed (its signed copy is then re-signed when next
     * served), only once it is in fact gone (SLOTS): for the revocation's own batch.
     */
    touchListOf(kind: SlotKind, id: string) {
      const t = SLOTS[kind];
      return rawStatement(
        d1,
        `UPDATE ob3_status_lists SET revision = revision + 1
         WHERE (issuer_id, list_no) IN (SELECT issuer_id, list_no FROM ${t.entries} WHERE ${t.key} = ?)
           AND EXISTS (SELECT 1 FROM ${t.owner} WHERE id = ? AND (${t.gone}))`,
        id,
        id,
      );
    },

    /** Its status entry, or null (awards before migration 0011 and documents before 0021 have none). */
    async entryOf(kind: SlotKind, id: string) {
      const t = SLOTS[kind];
      return d1
        .prepare(`SELECT issuer_id, list_no, status_index FROM ${t.entries} WHERE ${t.key} = ?`)
        .bind(id)
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
        d1.prepare(GONE_BITS).bind(issuerId, listNo),
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
