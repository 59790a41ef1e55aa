import { z } from '@hono/zod-openapi';
import { issuerKeyGuard } from '../../issuing/key-guard';
import { idParam } from '../../issuing/schemas';
import { apiRouter } from '../../middleware/router';
import { clrForIssuer } from './service';

const { router, route } = apiRouter({ access: 'issuerKey', guard: issuerKeyGuard(), maxBody: 1024 * 1024 });

const get = route({
  method: 'get',
  path: '/acad-docs/{id}/clr',
  tags: ['Issuer API: certificates'],
  summary:
    'The signed CLR 2.0 record (ClrCredential) of one of your documents, as its owner downloads it: ' +
    'each transcript row a course credential inside it (issue 38); a revoked document 410 E410181',
  request: { params: idParam },
  responses: {
    200: {
      description: 'ClrCredential',
      content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
    },
  },
});

/** The issuer's own copy of a document's record (issue 38), to hand to the learner or another system. */
export const clrIssuerRoutes = router.openapi(get, async (c) =>
  c.json(await clrForIssuer(c.env, c.var.issuerId, c.req.valid('param').id), 200),
);
