import { createLogger } from '../log';
import type { JobMessage } from '../outbox/jobs';
import { markOutboxFailed } from '../outbox/repo';
import { backoffSeconds } from './retry';
import { runOutbox } from './run-outbox';

const DEAD_LETTER_SUFFIX = '-dlq';

/**
 * Queue consumer. Each message is acked or retried on its own, so one failure does not replay the
 * messages before it (security guide FLT-03); the dead-letter queue's messages mark their rows failed.
 */
export async function queue(batch: MessageBatch<JobMessage>, env: Env): Promise<void> {
  const log = createLogger({ queue: batch.queue }, env.LOG_LEVEL);
  const deadLetters = batch.queue.endsWith(DEAD_LETTER_SUFFIX);
  for (const msg of batch.messages) {
    const outboxId = msg.body?.outboxId;
    if (typeof outboxId !== 'string') {
      log.warn('malformed job message dropped', { id: msg.id });
      msg.ack();
      continue;
    }
    if (deadLetters) {
      await markOutboxFailed(env.DB, outboxId, 'dead-lettered', Date.now(), true);
      log.error('job dead-lettered', { outboxId });
      msg.ack();
      continue;
    }
    const result = await runOutbox(env, outboxId, log);
    if (result === 'retry') msg.retry({ delaySeconds: backoffSeconds(msg.attempts) });
    else msg.ack();
  }
}
