import { and, desc, eq } from 'drizzle-orm';
import { rawStatement, type SqlCondition } from '../db/batch';
import { db } from '../db/client';
import { walletExports } from '../db/schema';
import type { ExportState } from './state';

/** The export rows of one account: created once per click, advanced by the queue steps. */
export function exportRepo(d1: D1Database) {
  const q = db(d1);
  return {
    /** Inserts a building export unless one is already building (the partial unique index). */
    insertBuilding: (id: string, accountId: string, state: ExportState, now: number) =>
      rawStatement(
        d1,
        `INSERT INTO wallet_exports (id, account_id, status, step, progress, state_json, created_at)
         VALUES (?, ?, 'building', 0, 0, ?, ?) ON CONFLICT DO NOTHING`,
        id,
        accountId,
        JSON.stringify(state),
        now,
      ),

    /** The condition "export `id` is building at `step`", for the outbox row of that step. */
    atStep: (id: string, step: number): SqlCondition => ({
      sql: "EXISTS (SELECT 1 FROM wallet_exports WHERE id = ? AND step = ? AND status = 'building')",
      params: [id, step],
    }),

    /** The condition "export `id` is ready", for the notice and mail written with the last step. */
    isReady: (id: string): SqlCondition => ({
      sql: "EXISTS (SELECT 1 FROM wallet_exports WHERE id = ? AND status = 'ready')",
      params: [id],
    }),

    async byId(id: string) {
      return (await q.select().from(walletExports).where(eq(walletExports.id, id)).limit(1))[0] ?? null;
    },

    /** Ready exports past their expiry that still have a ZIP in R2. */
    async expiredWithObject(now: number, limit: number) {
      const r = await d1
        .prepare(
          `SELECT id, r2_key AS r2Key FROM wallet_exports
           WHERE status = 'ready' AND expires_at <= ? AND r2_key IS NOT NULL ORDER BY expires_at LIMIT ?`,
        )
        .bind(now, limit)
        .all<{ id: string; r2Key: string }>();
      return r.results;
    },

    /** The row no longer points to its ZIP (deleted in the same batch's outbox job). */
    forgetObject: (id: string) =>
      rawStatement(d1, 'UPDATE wallet_exports SET r2_key = NULL WHERE id = ? AND r2_key IS NOT NULL', id),

    /** The account's newest export (the page shows it). */
    async latest(accountId: string) {
      return (
        (
          await q
            .select()
            .from(walletExports)
            .where(eq(walletExports.accountId, accountId))
            .orderBy(desc(walletExports.createdAt))
            .limit(1)
        )[0] ?? null
      );
    },

    /** Moves a building export from `step` to `step + 1`; a retried step finds it moved and changes nothing. */
    advance: (id: string, step: number, state: ExportState, progress: number) =>
      q
        .update(walletExports)
        .set({ step: step + 1, stateJson: JSON.stringify(state), progress })
        .where(and(eq(walletExports.id, id), eq(walletExports.step, step), eq(walletExports.status, 'building'))),

    /** Marks the export ready with its object and the link's expiry, only from `step`. */
    finish: (id: string, step: number, r2Key: string, size: number, now: number, expiresAt: number) =>
      q
        .update(walletExports)
        .set({ status: 'ready', step: step + 1, progress: 100, r2Key, size, readyAt: now, expiresAt })
        .where(and(eq(walletExports.id, id), eq(walletExports.step, step), eq(walletExports.status, 'building'))),

    /** Gives an export up (the outbox's last attempt failed), so the person can start another. */
    async fail(id: string) {
      await q
        .update(walletExports)
        .set({ status: 'failed' })
        .where(and(eq(walletExports.id, id), eq(walletExports.status, 'building')))
        .run();
    },

    /**
     * The panel's "export in progress: n %" notice, written with the export's row (only if that row
     * was written) and found again by its link, which names the export.
     */
    progressNotice: (id: string, url: string, now: number) =>
      rawStatement(
        d1,
        `INSERT INTO notifications (account_id, type, message_key, message_params, url, is_read, deleted, created_at)
         SELECT account_id, 2, 'notifications.export_progress', json_object('percent', 0), ?, 0, 0, ?
         FROM wallet_exports WHERE id = ?`,
        url,
        now,
        id,
      ),

    /** Moves the progress notice to `percent` (in the step's batch). */
    setProgressNotice: (accountId: string, url: string, percent: number) =>
      rawStatement(
        d1,
        `UPDATE notifications SET message_params = json_object('percent', ?)
         WHERE account_id = ? AND message_key = 'notifications.export_progress' AND url = ?`,
        percent,
        accountId,
        url,
      ),

    /**
     * The progress notice becomes "your export is ready" (unread again), only once the row is ready
     * (same batch): the panel keeps one notice per export.
     */
    readyNotice: (id: string, url: string, now: number) =>
      rawStatement(
        d1,
        `UPDATE notifications SET message_key = 'notifications.export_ready', message_params = '{}', is_read = 0,
           created_at = ?
         WHERE url = ? AND message_key = 'notifications.export_progress'
           AND account_id = (SELECT account_id FROM wallet_exports WHERE id = ? AND status = 'ready')`,
        now,
        url,
        id,
      ),

    /** How many items each section of the export has, for the progress figure. */
    async counts(accountId: string) {
      const r = await d1
        .prepare(
          `SELECT
             (SELECT COUNT(*) FROM assertions WHERE account_id = ?1 AND accept_status != 0
                AND deleted_by_owner_at IS NULL) AS issued,
             (SELECT COUNT(*) FROM host_assertions WHERE account_id = ?1) AS host,
             (SELECT COUNT(*) FROM acad_docs WHERE account_id = ?1 AND deleted_at IS NULL) AS certs,
             (SELECT COUNT(*) FROM held_clrs WHERE account_id = ?1) AS records`,
        )
        .bind(accountId)
        .first<{ issued: number; host: number; certs: number; records: number }>();
      return r ?? { issued: 0, host: 0, certs: 0, records: 0 };
    },
  };
}
