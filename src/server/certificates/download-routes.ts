import { z } from '@hono/zod-openapi';
import { SIGNED_IN } from '../middleware/rules';
import { AppError } from '../errors';
import { jsonBody } from '../http/openapi';
import { apiRouter } from '../middleware/router';
import { sendFile } from '../http/file';
import { acadDownloadService, acadPdfFile, PDF_RETRY_AFTER } from './download-service';

const { router, route } = apiRouter(SIGNED_IN);

const body = jsonBody(z.object({ access_token: z.string().optional(), assertion_id: z.string().min(1).max(64) }));

/** One download of spec §7 `AdAssertion/Download/{name}`; Blockchain (next issue) is another name. */
const download = <N extends string>(name: N, summary: string, type: string) =>
  route({
    method: 'post',
    path: `/AdAssertion/Download/${name}`,
    tags: ['Wallet'],
    summary,
    request: { body },
    responses: {
      200: { description: type, content: { [type]: { schema: z.string().openapi({ format: 'binary' }) } } },
    },
  });

const pdf = download(
  'pdf',
  "The PDF of one of the signed-in account's certificates, with its signed credential attached; " +
    '409 E409117 with Retry-After while it is being made',
  'application/pdf',
);

const clr = download(
  'clr',
  "The signed CLR 2.0 record (ClrCredential, JSON) of one of the signed-in account's certificates: " +
    'each transcript row a course credential inside it (issue 38)',
  'application/vc+ld+json',
);

/** The certificate downloads (issue 18): the owner's documents only, streamed from R2. */
export const acadDownloadRoutes = router
  .openapi(clr, async (c) =>
    sendFile(c, await acadDownloadService(c.env).clr(c.req.valid('json').assertion_id, c.var.user?.accountId ?? '')),
  )
  .openapi(pdf, async (c) => {
    try {
      const r = await acadDownloadService(c.env).pdf(c.req.valid('json').assertion_id, c.var.user?.accountId ?? '');
      return sendFile(c, acadPdfFile(r));
    } catch (err) {
      // The PDF is printed in the background: a client that waits this long and asks again gets it.
      if (err instanceof AppError && err.code === 'E409117') c.header('Retry-After', String(PDF_RETRY_AFTER));
      throw err;
    }
  });
