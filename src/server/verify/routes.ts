import { CONFIG } from '../config';
import { z } from '@hono/zod-openapi';
import { ok } from '../http/envelope';
import { envelopeOf, jsonBody, okReply } from '../http/openapi';
import type { VerificationReport } from '../verdict/report';
import { clientKey } from '../http/throttle';
import { verifyRequest } from './service';
import { apiRouter } from '../middleware/router';
import { ANONYMOUS } from '../middleware/rules';

// A baked image or a certificate PDF of up to 5 MB arrives base64-encoded (IMG-11; the other inputs
// keep their own, smaller caps below).
const { router, route } = apiRouter({ ...ANONYMOUS, maxBody: CONFIG.verifyBodyMaxBytes });

const VERIFY_PATH = '/Wallet/Public/Verification';

const verification = route({
  method: 'post',
  path: VERIFY_PATH,
  tags: ['Public'],
  summary: 'Verify any Open Badge without logging in: the four-item report of spec §3',
  description:
    'input_type assertion_id (a badge issued here), host_assertion_id (a public imported badge of this wallet, or ' +
    "a private one of the signed-in caller's own; anyone else's private one is answered as not found), record_id " +
    "(a learner record held in this wallet, public or the signed-in caller's own, issue 38), " +
    'url (a hosted assertion), json, jws, image (a baked PNG/SVG, base64) or pdf (a certificate PDF carrying its ' +
    'signed credential as an attached file, base64; none attached: 422 E422100). verification_mail lists the addresses the recipient is checked against; for a badge issued here and ' +
    'no address, the address it was sent to is checked and the holder is named (a public imported badge: the ' +
    'address it was imported for). Open Badges 3.0 credentials are read too (issue 21): JSON, a compact VC-JWT as ' +
    'jws, a baked image or a URL; the answer then may list `endorsements` ({id, state}), never part of the four items. ' +
    'An academic document issued here (by id or by its PDF) is answered with `certificate: {kind}` and names its ' +
    'holder as the document writes the name (issue 35). ' +
    'Results are kept 60 seconds. ' +
    'Anything but a badge issued here may fetch from other hosts: 60 such requests a minute per address (E429100).',
  request: {
    body: jsonBody(
      z.object({
        input_type: z.enum(['assertion_id', 'host_assertion_id', 'record_id', 'url', 'json', 'jws', 'image', 'pdf']),
        assertion_id: z.string().max(64).optional(),
        host_assertion_id: z.string().max(64).optional(),
        record_id: z.string().max(64).optional(),
        url: z.string().max(2048).optional(),
        json: z
          .string()
          .max(256 * 1024)
          .optional(),
        jws: z
          .string()
          .max(512 * 1024)
          .optional(),
        image: z
          .string()
          .max(7 * 1024 * 1024)
          .optional(),
        // 5 MB of PDF in base64 (verify/pdf/attachments.ts PDF_LIMITS).
        pdf: z
          .string()
          .max(7 * 1024 * 1024)
          .optional(),
        verification_mail: z.array(z.string().max(254)).max(10).default([]),
        is_multiverse: z.boolean().optional(),
      }),
    ),
  },
  responses: okReply('Verification report', envelopeOf<VerificationReport>()),
});

/** Public/Verification (spec §7): anyone may verify, no login needed. */
export const verifyRoutes = router.openapi(verification, async (c) => {
  const body = c.req.valid('json');
  const started = performance.now();
  // A signed-in owner may verify their own private imported badge by id (issue 21).
  const viewer = c.var.user?.accountId ?? null;
  const report = await verifyRequest(c.env, body, body.verification_mail, clientKey(c.req.raw.headers), viewer);
  // The Worker's own time, fetches included (the benchmark's figure; wrangler's local proxying is not in it).
  c.header('Server-Timing', `verify;dur=${(performance.now() - started).toFixed(1)}`);
  return ok(c, { ...report });
});
