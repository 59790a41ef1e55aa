import type { JobMessage } from './jobs';

/** Queues takes at most 100 messages (and 256 KB) per sendBatch; our bodies are an id each. */
const SEND_BATCH_LIMIT = 100;

/**
 * Hands committed outbox rows to the queue. Best effort by design: if this send is lost (the
 * Worker dies after the batch committed), the cron sweeper finds the row and sends it again.
 * Sent in slices under the Queues limit: one sendBatch of the sweeper's 500 rows was refused as a
 * whole, so a backlog over 100 rows was never sent again (found by the chaos run, issue 23).
 */
export async function dispatchOutbox(env: Env, ids: string[], log?: { warn(m: string, f?: object): void }) {
  for (let i = 0; i < ids.length; i += SEND_BATCH_LIMIT) {
    const slice = ids.slice(i, i + SEND_BATCH_LIMIT);
    try {
      await env.JOBS.sendBatch(slice.map((outboxId) => ({ body: { outboxId } satisfies JobMessage })));
    } catch (err) {
      log?.warn('outbox dispatch failed; the sweeper will retry', { ids: slice, error: String(err) });
    }
  }
}
