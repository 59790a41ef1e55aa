import { jobAckFault } from '../db/faults';
import type { Logger } from '../log';
import type { JobKind, JobPayloads } from '../outbox/jobs';
import { claimOutbox, markOutboxDone, markOutboxFailed } from '../outbox/repo';
import { JOB_HANDLERS } from './handlers';
import { backoffSeconds, MAX_ATTEMPTS } from './retry';

export type RunResult = 'done' | 'skipped' | 'retry' | 'dead';

/** Performs one outbox row. A row already done (a duplicate delivery) is skipped, not redone. */
export async function runOutbox(env: Env, outboxId: string, log: Logger, now = Date.now()): Promise<RunResult> {
  const row = await claimOutbox(env.DB, outboxId, now);
  if (!row) return 'skipped';
  try {
    const kind = row.kind as JobKind;
    const handler = JOB_HANDLERS[kind] as (
      e: Env,
      id: string,
      p: JobPayloads[JobKind],
      n: number,
      a: { final: boolean },
    ) => Promise<void>;
    if (!handler) throw new Error(`no handler for outbox kind ${row.kind}`);
    await handler(env, row.id, JSON.parse(row.payload) as JobPayloads[JobKind], now, {
      final: row.attempts >= MAX_ATTEMPTS,
    });
    // Development only: the chaos run fails a job here, after its side effect (NOTIF-02).
    jobAckFault(row.kind);
    await markOutboxDone(env.DB, row.id, Date.now());
    return 'done';
  } catch (err) {
    const final = row.attempts >= MAX_ATTEMPTS;
    const retryAt = now + backoffSeconds(row.attempts) * 1000;
    await markOutboxFailed(env.DB, row.id, String(err), retryAt, final);
    log.warn('outbox job failed', { outboxId, kind: row.kind, attempts: row.attempts, final, error: String(err) });
    return final ? 'dead' : 'retry';
  }
}
