import { z } from '@hono/zod-openapi';
import { ok } from '../http/envelope';
import { okReply } from '../http/openapi';
import { apiRouter } from '../middleware/router';
import { requireAdminToken } from '../middleware/issuer-auth';
import { recentBatches } from './run';

const { router, route } = apiRouter({ access: 'adminToken', guard: requireAdminToken(), maxBody: 1024 });

const batches = route({
  method: 'get',
  path: '/blockcerts/batches',
  tags: ['Issuer API'],
  summary:
    'The latest nightly Blockcerts batches (admin token): state, root, transaction, block, and the last error (node down, out of funds…) an operator has to act on',
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }) },
  responses: okReply('Batches, newest first'),
});

/** The operator's view of anchoring (issue 19), beside the admin token's other call. */
export const anchoringAdminRoutes = router.openapi(batches, async (c) =>
  ok(c, { batches: await recentBatches(c.env.DB, c.req.valid('query').limit) }),
);
