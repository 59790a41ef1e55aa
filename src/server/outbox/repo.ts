import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { newId } from '../auth/tokens';
import { db } from '../db/client';
import { outbox } from '../db/schema';
import type { Job } from './jobs';

/** Builds (does not run) the insert of an outbox row, to go into the caller's D1 batch. */
export function outboxInsert(d1: D1Database, job: Job, now: number, id: string = newId()) {
  return db(d1)
    .insert(outbox)
    .values({ id, kind: job.kind, payload: JSON.stringify(job.payload), availableAt: now, createdAt: now });
}

/** Claims a pending row for one attempt; null when it is done or gone (duplicate delivery). */
export async function claimOutbox(d1: D1Database, id: string) {
  const rows = await db(d1)
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1` })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')))
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
