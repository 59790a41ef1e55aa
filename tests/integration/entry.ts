import { createServer } from '../../src/server/app';
import { queue } from '../../src/server/jobs/queue';
import { scheduled } from '../../src/server/jobs/scheduled';
import type { JobMessage } from '../../src/server/outbox/jobs';
import { fromEarlierFile } from './fresh-file';

// The renderer Worker's entrypoint, served by this same runtime: RENDERER (vitest.config.ts) points
// here, so tests cross a real RPC boundary (structured clone, errors) into the renderer's own code.
export { Renderer } from '../../src/renderer/worker';

/** The Worker as tests see it: the same app and handlers, without Astro's pages. */
const app = createServer();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  // Files share a runtime (vitest.config.ts): a job an earlier file queued is acknowledged unread,
  // as the runtime that file once had to itself would have dropped it with the file.
  queue: async (batch, env) => {
    const current: Message<JobMessage>[] = [];
    for (const message of batch.messages) {
      if (fromEarlierFile(message)) message.ack();
      else current.push(message);
    }
    if (current.length === 0) return;
    const view: MessageBatch<JobMessage> = {
      queue: batch.queue,
      metadata: batch.metadata,
      messages: current,
      ackAll: () => batch.ackAll(),
      retryAll: (options) => batch.retryAll(options),
    };
    await queue(view, env);
  },
  scheduled,
} satisfies ExportedHandler<Env, JobMessage>;
