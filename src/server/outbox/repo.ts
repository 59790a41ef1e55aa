import { and, asc, count, eq, lte, sql } from 'drizzle-orm';
import { newId } from '../auth/tokens';
import { rawStatement, type SqlCondition } from '../db/batch';
import { db } from '../db/client';
import { outbox } from '../db/schema';
import type { Job } from './jobs';

/** Builds (does not run) the insert of an outbox row, to go into the caller's D1 batch. */
export function outboxInsert(d1: D1Database, job: Job, now: number, id: string = newId()) {
  return db(d1)
    .insert(outbox)
    .values({ id, kind: job.kind, payload: JSON.stringify(job.payload), availableAt: now, createdAt: now });
}

/** Builds the insert of an outbox row that is written only if `cond` holds inside the batch. */
export function outboxInsertWhen(d1: D1Database, job: Job, now: number, id: string, cond: SqlCondition) {
  return rawStatement(
    d1,
    `INSERT INTO outbox (id, kind, payload, status, attempts, available_at, created_at)
     SELECT ?, ?, ?, 'pending', 0, ?, ? WHERE ${cond.sql} ON CONFLICT DO NOTHING`,
    id,
    job.kind,
    JSON.stringify(job.payload),
    now,
    now,
    ...cond.params,
  );
}

/** The condition "no outbox row `id` exists yet": a retried job that already queued its mail does nothing. */
export const outboxRowAbsent = (id: string): SqlCondition => ({
  sql: 'NOT EXISTS (SELECT 1 FROM outbox WHERE id = ?)',
  params: [id],
});

/** How long one attempt holds its row: a second delivery meanwhile finds it taken (NOTIF-02). */
export const OUTBOX_LEASE_MS = 5 * 60_000;

/**
 * Claims a pending, due row for one attempt and leases it; null when it is done, gone or being
 * performed by a parallel delivery. A worker that dies mid-attempt leaves the lease to run out, and
 * the sweeper then sends the row again.
 */
export async function claimOutbox(d1: D1Database, id: string, now: number) {
  const rows = await db(d1)
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, availableAt: now + OUTBOX_LEASE_MS })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending'), lte(outbox.availableAt, now)))
    .returning();
  return rows[0] ?? null;
}

export async function markOutboxDone(d1: D1Database, id: string, now: number) {
  await db(d1).update(outbox).set({ status: 'done', doneAt: now, lastError: null }).where(eq(outbox.id, id)).run();
}

/** Records a failed attempt; `retryAt` delays the sweeper, `final` gives the row up (dead letter). */
export async function markOutboxFailed(d1: D1Database, id: string, error: string, retryAt: number, final: boolean) {
  await db(d1)
    .update(outbox)
    .set({ lastError: error.slice(0, 1000), availableAt: retryAt, ...(final ? { status: 'failed' as const } : {}) })
    .where(eq(outbox.id, id))
    .run();
}

/** Pending rows whose time has come and that no queue message has finished: the sweeper's work. */
export async function findDueOutbox(d1: D1Database, before: number, limit: number) {
  return db(d1)
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.availableAt, before)))
    .orderBy(asc(outbox.availableAt))
    .limit(limit);
}

/** Rows neither done nor given up: after the sweeper has run, the chaos run expects none. */
export async function countPendingOutbox(d1: D1Database): Promise<number> {
  const [row] = await db(d1).select({ n: count() }).from(outbox).where(eq(outbox.status, 'pending'));
  return row?.n ?? 0;
}

/**
 * Deletes up to `limit` rows that were done before `before` and answers how many went. The index on
 * (status, available_at) finds them: a done row's available_at is its last claim, a moment before
 * it was done. Failed rows (dead letters) stay for whoever looks into them.
 */
export async function purgeDoneOutbox(d1: D1Database, before: number, limit: number): Promise<number> {
  const res = await rawStatement(
    d1,
    `DELETE FROM outbox WHERE id IN
       (SELECT id FROM outbox WHERE status = 'done' AND available_at < ? AND done_at < ? LIMIT ?)`,
    before,
    before,
    limit,
  ).run();
  return res.meta.changes ?? 0;
}
