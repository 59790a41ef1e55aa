import { createServer } from '../../src/server/app';
import { queue } from '../../src/server/jobs/queue';
import { scheduled } from '../../src/server/jobs/scheduled';
import type { JobMessage } from '../../src/server/outbox/jobs';

/** The Worker as tests see it: the same app and handlers, without Astro's pages. */
const app = createServer();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  queue,
  scheduled,
} satisfies ExportedHandler<Env, JobMessage>;
