import site from './fetch';
import { queue } from './server/jobs/queue';
import { scheduled } from './server/jobs/scheduled';
import type { JobMessage } from './server/outbox/jobs';
import { assertConfigured, notConfiguredResponse } from './server/system/config-check';

/**
 * The Worker: HTTP through the composed Hono app, plus the queue consumer and the cron triggers.
 * Each first checks the deployment's settings, so a missing one is reported by name, not by a crash.
 */
export default {
  fetch: (request, env, ctx) => notConfiguredResponse(env) ?? site.fetch(request, env, ctx),
  async queue(batch, env) {
    assertConfigured(env);
    await queue(batch, env);
  },
  async scheduled(controller, env) {
    assertConfigured(env);
    await scheduled(controller, env);
  },
} satisfies ExportedHandler<Env, JobMessage>;
