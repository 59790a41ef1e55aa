import { CONFIG } from '../config';
import { z } from '@hono/zod-openapi';
import { signedInUser } from '../middleware/require-user';
import { ok } from '../http/envelope';
import { envelope, jsonBody, okReply } from '../http/openapi';
import { clientKey } from '../http/throttle';
import { importBadge } from './service';
import { apiRouter } from '../middleware/router';
import { SIGNED_IN } from '../middleware/rules';

// A baked image of up to 5 MB arrives base64-encoded (IMG-11).
const { router, route } = apiRouter({ ...SIGNED_IN, maxBody: CONFIG.verifyBodyMaxBytes });

const ADD_BADGE_PATH = '/Wallet/AddBadge';

const addBadge = route({
  method: 'post',
  path: ADD_BADGE_PATH,
  tags: ['Wallet'],
  summary:
    'Import a badge from another provider: a baked image (png or svg, base64, OB 2.0 or 3.0), a URL, or credential ' +
    'text (json: an OB 3.0 credential as JSON or compact VC-JWT, or a Blockcerts credential), exactly one. A CLR 2.0 ' +
    'learner record, by URL or as text, is held in the certificates tab instead (kind "record")',
  description:
    'The badge is verified and must be issued to one of the account’s verified addresses. Errors: E400103 not ' +
    'exactly one, E400104 URL not allowed, E415103 extension, E415101 not a PNG/SVG, E422100 no badge data (or text that is not an OB 3.0 or Blockcerts credential), E422101 ' +
    'address mismatch, E422102 failed verification or revoked, E422103 issuer unreachable, E409106 already here, ' +
    'E429100 more than 10 imports a minute from one account or 60 outbound verifications from one address.',
  request: {
    body: jsonBody(
      z.object({
        access_token: z.string().optional(),
        image: z
          .string()
          .max(7 * 1024 * 1024)
          .optional(),
        file_name: z.string().max(255).optional(),
        url: z.string().max(2048).optional(),
        /** An OB 3.0 credential (JSON or VC-JWT, issue 21) or a Blockcerts one (issue 19), verified like the others. */
        json: z
          .string()
          .max(1024 * 1024)
          .optional(),
      }),
    ),
  },
  responses: okReply(
    'Imported',
    envelope.extend({
      assertion_id: z.string(),
      /** Where it went: the badge list, or the certificates tab for a learner record (issue 38). */
      kind: z.enum(['badge', 'record']),
    }),
  ),
});

/** AddBadge (spec §7); the wallet routes' session rule applies (Wallet/*). */
export const importRoutes = router.openapi(addBadge, async (c) => {
  const user = signedInUser(c);
  const r = await importBadge(c.env, user.accountId, c.req.valid('json'), clientKey(c.req.raw.headers));
  return ok(c, { assertion_id: r.id, kind: r.kind });
});
