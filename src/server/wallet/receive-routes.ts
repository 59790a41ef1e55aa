import { z } from '@hono/zod-openapi';
import { ok } from '../http/envelope';
import { envelope, jsonBody, okReply } from '../http/openapi';
import { redeemReceiveLink } from './receive-link';
import { apiRouter } from '../middleware/router';
import { ANONYMOUS } from '../middleware/rules';
import { receiveLinkBody } from './receive-body';

const { router, route } = apiRouter(ANONYMOUS);

const receiveByLink = route({
  method: 'post',
  path: '/Wallet/SetReceiveBadge',
  tags: ['Public'],
  summary: "Receive a badge by the award mail's link, without a session",
  description:
    'result "received": the badge is in the wallet of the account owning the address (Receiving for blockchain ' +
    'badges). result "register": no account has the address yet; create one with it, then press Receive again. ' +
    'Refusals: E404101 unknown link, E409100 revoked or deleted, E409103 already received, E409104 hidden, ' +
    'E410103 link expired (log in and press Receive).',
  request: { body: jsonBody(receiveLinkBody) },
  responses: okReply(
    'Received, or an account is needed first',
    envelope.extend({
      result: z.enum(['received', 'register']),
      assertion_id: z.string(),
      is_blockchain: z.boolean(),
    }),
  ),
});

/** The anonymous receive-by-link call of spec §7 (the award mail's link lands on /receive/{token}). */
export const receiveLinkRoutes = router.openapi(receiveByLink, async (c) => {
  const r = await redeemReceiveLink(c.env.DB, c.req.valid('json').token);
  return ok(c, { result: r.result, assertion_id: r.badge.id, is_blockchain: r.badge.isBlockchain });
});
