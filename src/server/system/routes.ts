import { z } from '@hono/zod-openapi';
import { CONFIG } from '../config';
import { ok } from '../http/envelope';
import { apiRouter } from '../middleware/router';
import { ANONYMOUS } from '../middleware/rules';
import { checkDatabase } from './service';

const { router, route } = apiRouter(ANONYMOUS);

const version = route({
  method: 'get',
  path: `${CONFIG.basePath}/version.json`,
  tags: ['System'],
  summary: 'Release version of the running wallet',
  description: 'Pages compare it with the version they were rendered with and reload on a mismatch.',
  responses: {
    200: {
      description: 'The running release',
      content: { 'application/json': { schema: z.object({ release_version: z.string() }) } },
    },
  },
});

const health = route({
  method: 'get',
  path: '/api/health',
  tags: ['System'],
  summary: 'Liveness and database reachability',
  responses: {
    200: {
      description: 'The Worker is up and D1 answers',
      content: { 'application/json': { schema: z.object({ status: z.number(), database: z.literal('ok') }) } },
    },
  },
});

/** Liveness and version endpoints, described in the OpenAPI document like every other route. */
export const systemRoutes = router
  .openapi(version, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json({ release_version: CONFIG.releaseVersion }, 200);
  })
  .openapi(health, async (c) => {
    await checkDatabase(c.env.DB);
    return ok(c, { database: 'ok' as const });
  });
