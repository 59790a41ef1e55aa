import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { sendFile } from '../http/file';
import { BLOCKCERTS_TYPE, blockchainFile } from '../blockcerts/file';
import { SIGNED_IN } from '../middleware/rules';
import type { AppEnv } from '../context';
import { jsonBody } from '../http/openapi';
import { apiRouter } from '../middleware/router';
import { blockchainDownload } from './blockcerts';

const { router, route } = apiRouter(SIGNED_IN);

const body = jsonBody(z.object({ access_token: z.string().optional(), assertion_id: z.string().min(1).max(64) }));
const TYPE: string = BLOCKCERTS_TYPE;
const download = <P extends string>(path: P, summary: string) =>
  route({
    method: 'post',
    path,
    tags: ['Wallet'],
    summary,
    request: { body },
    responses: {
      200: {
        description: 'Blockcerts v3 credential',
        content: { [TYPE]: { schema: z.string().openapi({ format: 'binary' }) } },
      },
    },
  });

const badge = download(
  '/Wallet/Download/Blockchain',
  "The blockchain certificate (anchored Blockcerts v3 credential) of one of the signed-in account's badges; " +
    '409 E409118 while it waits for the nightly anchoring',
);
const acadDoc = download(
  '/AdAssertion/Download/Blockchain',
  "The blockchain certificate of one of the signed-in account's academic documents; 409 E409118 until anchored",
);

function file(c: Context<AppEnv>, r: { name: string; issuedOn: number; doc: object }) {
  return sendFile(c, blockchainFile(r));
}

/** The owner's blockchain certificate downloads (spec §1, §7): their own badges and documents only. */
export const blockcertsDownloadRoutes = router
  .openapi(badge, async (c) =>
    file(c, await blockchainDownload(c.env, 'badge', c.req.valid('json').assertion_id, c.var.user?.accountId ?? '')),
  )
  .openapi(acadDoc, async (c) =>
    file(c, await blockchainDownload(c.env, 'acad_doc', c.req.valid('json').assertion_id, c.var.user?.accountId ?? '')),
  );
