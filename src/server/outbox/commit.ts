import { newId } from '../auth/tokens';
import { runBatch, type BatchItem } from '../db/batch';
import { dispatchOutbox } from './dispatch';
import type { Job } from './jobs';
import { outboxInsert } from './repo';

/**
 * Runs the statements and an outbox row per job as one D1 batch (the jobs exist exactly when the
 * change does), then hands the jobs to the queue. Answers the statements' results, in order.
 */
export async function commitWithJobs(env: Env, statements: BatchItem[], jobs: Job[], now = Date.now()) {
  const ids = jobs.map(() => newId());
  const results = await runBatch(env.DB, [
    ...statements,
    ...jobs.map((job, i) => outboxInsert(env.DB, job, now, ids[i])),
  ]);
  await dispatchOutbox(env, ids);
  return results.slice(0, statements.length);
}
