import { z } from '@hono/zod-openapi';
import { base64ToBytes } from '../../lib/base64';
import { signedInUser } from '../middleware/require-user';
import { SIGNED_IN } from '../middleware/rules';
import { ok } from '../http/envelope';
import { envelope, jsonBody, okReply } from '../http/openapi';
import { apiRouter } from '../middleware/router';
import { clientKey } from '../http/throttle';
import { importArchive } from './import';

/** An uploaded export, base64 in JSON: a ZIP of up to 15 MiB (the base64 text is a third larger). */
export const IMPORT_BODY_MAX = 21 * 1024 * 1024;
const { router, route } = apiRouter({ ...SIGNED_IN, maxBody: IMPORT_BODY_MAX });

const importRoute = route({
  method: 'post',
  path: '/Wallet/Export/Import',
  tags: ['Settings'],
  summary: "Import a Lanyard export's badges into this account (each re-verified; only this account's own)",
  description:
    'E429100 the import throttle (answered before the archive is read); E422171 a file name leaves the archive ' +
    '(path traversal); E413171 too large or a zip bomb (entries, total, ratio, a badge file over its cap or all ' +
    'of them over 64 MiB, an entry larger than it declares); E422172 not a readable export. Nothing is written ' +
    'when the archive is refused. Badges issued to another address are counted as foreign and not imported.',
  request: { body: jsonBody(z.object({ access_token: z.string().optional(), zip: z.string().min(1) })) },
  responses: okReply(
    'Counts',
    envelope.extend({
      found: z.number().int(),
      imported: z.number().int(),
      foreign: z.number().int(),
      duplicate: z.number().int(),
      failed: z.number().int(),
      codes: z.array(z.string()),
    }),
  ),
});

/** Importing an export (issue 22). */
export const exportImportRoutes = router.openapi(importRoute, async (c) => {
  // Hono keeps the body for the whole request twice over (its text, and the parsed value): 40 MB
  // for a 15 MiB ZIP. Both are let go here, and the base64 once decoded, so that only the ZIP
  // itself stays while the import runs (issue 33).
  let b64: string | null = c.req.valid('json').zip;
  c.req.bodyCache = {};
  c.req.addValidatedData('json', {});
  const upload = () => {
    const bytes = base64ToBytes(b64 ?? '');
    b64 = null;
    return bytes;
  };
  const r = await importArchive(c.env, signedInUser(c).accountId, upload, clientKey(c.req.raw.headers));
  return ok(c, { ...r });
});
