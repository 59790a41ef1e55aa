import type { JobMessage } from './jobs';

/**
 * Hands committed outbox rows to the queue. Best effort by design: if this send is lost (the
 * Worker dies after the batch committed), the cron sweeper finds the row and sends it again.
 */
export async function dispatchOutbox(env: Env, ids: string[], log?: { warn(m: string, f?: object): void }) {
  if (ids.length === 0) return;
  try {
    await env.JOBS.sendBatch(ids.map((outboxId) => ({ body: { outboxId } satisfies JobMessage })));
  } catch (err) {
    log?.warn('outbox dispatch failed; the sweeper will retry', { ids, error: String(err) });
  }
}
