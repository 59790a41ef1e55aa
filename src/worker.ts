import site from './fetch';
import { queue } from './server/jobs/queue';
import { scheduled } from './server/jobs/scheduled';
import type { JobMessage } from './server/outbox/jobs';

/** The Worker: HTTP through the composed Hono app, plus the queue consumer and the cron triggers. */
export default {
  fetch: (request, env, ctx) => site.fetch(request, env, ctx),
  queue,
  scheduled,
} satisfies ExportedHandler<Env, JobMessage>;
