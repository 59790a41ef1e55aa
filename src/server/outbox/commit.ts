import { newId } from '../auth/tokens';
import { runBatch, type BatchItem } from '../db/batch';
import { dispatchOutbox } from './dispatch';
import type { OutboxJob } from './jobs';
import { outboxInsert, outboxInsertWhen } from './repo';

/**
 * Runs the statements and an outbox row per job as one D1 batch (the jobs exist exactly when the
 * change does), then hands the jobs to the queue. Answers the statements' results, in order.
 * The one path by which a service writes side effects (architecture rule 5).
 */
export async function commitWithJobs(env: Env, statements: BatchItem[], jobs: OutboxJob[], now = Date.now()) {
  const rows = jobs.map((job) => {
    const id = job.id ?? newId();
    if (job.onlyIf) return { id, insert: outboxInsertWhen(env.DB, job, now, id, job.onlyIf), conditional: true };
    const insert = outboxInsert(env.DB, job, now, id);
    // A named row is idempotent: written again (a retried chunk) it is skipped, not doubled.
    return { id, insert: job.id ? insert.onConflictDoNothing() : insert, conditional: false };
  });
  const results = await runBatch(env.DB, [...statements, ...rows.map((r) => r.insert)]);
  // A conditional row whose condition failed was never written: there is nothing to hand over.
  const written = rows.filter((r, i) => !r.conditional || (results[statements.length + i]?.meta.changes ?? 0) > 0);
  await dispatchOutbox(
    env,
    written.map((r) => r.id),
  );
  return results.slice(0, statements.length);
}
