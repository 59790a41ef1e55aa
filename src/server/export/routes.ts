import { z } from '@hono/zod-openapi';
import { signedInUser } from '../middleware/require-user';
import { SIGNED_IN } from '../middleware/rules';
import { ok } from '../http/envelope';
import { envelope, jsonBody, okReply } from '../http/openapi';
import { apiRouter } from '../middleware/router';
import { attachment } from '../../lib/file-names';
import { exportDownload, latestExport, startExport } from './service';

const { router, route } = apiRouter(SIGNED_IN);

const P = '/Wallet/Export';
const view = z
  .object({
    id: z.string(),
    status: z.enum(['building', 'ready', 'failed', 'expired']),
    progress: z.number().int(),
    size: z.number().int().nullable(),
    created_at: z.number().int(),
    expires_at: z.number().int().nullable(),
  })
  .nullable();
const tokenOnly = jsonBody(z.object({ access_token: z.string().optional() }));

const start = route({
  method: 'post',
  path: `${P}/Start`,
  tags: ['Settings'],
  summary: 'Start a ZIP export of the whole wallet (one at a time; a second call answers the one being built)',
  request: { body: tokenOnly },
  responses: okReply('The export being built', envelope.extend({ export: view })),
});

const status = route({
  method: 'post',
  path: `${P}/Status`,
  tags: ['Settings'],
  summary: "The newest export's state and progress (percent)",
  request: { body: tokenOnly },
  responses: okReply('State', envelope.extend({ export: view })),
});

const download = route({
  method: 'get',
  path: `${P}/Download/{id}`,
  tags: ['Settings'],
  summary: 'The export ZIP, for its owner, for seven days after it is ready',
  description: "E404170 not this account's export; E409170 still being built; E410170 past its seven days.",
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: {
    200: { description: 'ZIP', content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } } },
  },
});

const wire = (v: Awaited<ReturnType<typeof latestExport>>) =>
  v && {
    id: v.id,
    status: v.status,
    progress: v.progress,
    size: v.size,
    created_at: v.createdAt,
    expires_at: v.expiresAt,
  };

/** Whole-wallet export (issue 22): start, follow, download. */
export const exportRoutes = router
  .openapi(start, async (c) => ok(c, { export: wire(await startExport(c.env, signedInUser(c).accountId)) }))
  .openapi(status, async (c) => ok(c, { export: wire(await latestExport(c.env, signedInUser(c).accountId)) }))
  .openapi(download, async (c) => {
    const z = await exportDownload(c.env, signedInUser(c).accountId, c.req.valid('param').id);
    const day = new Date(z.createdAt).toISOString().slice(0, 10).replaceAll('-', '');
    c.header('Content-Type', 'application/zip');
    c.header('Content-Length', String(z.size));
    c.header('Content-Disposition', attachment(`lanyard-wallet_${day}.zip`));
    c.header('Cache-Control', 'private, no-store');
    return c.body(z.body);
  });
