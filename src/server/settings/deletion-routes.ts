import { z } from '@hono/zod-openapi';
import { passwordField } from '../http/fields';
import { clearSignInCookies } from '../sessions/logout-routes';
import { signedInUser } from '../middleware/require-user';
import { ok } from '../http/envelope';
import { jsonBody, okReply } from '../http/openapi';
import { deleteAccount, DELETION_REASONS } from './deletion-service';
import { apiRouter } from '../middleware/router';
import { SIGNED_IN } from '../middleware/rules';

const { router, route } = apiRouter(SIGNED_IN);

const remove = route({
  method: 'post',
  path: '/Wallet/Setting/Account/Delete',
  tags: ['Settings'],
  summary: 'Delete the account: irreversible, and its addresses cannot register again',
  description:
    'reason (spec §3): 1 two accounts, 2 another wallet, 3 created by mistake, 4 no longer used, 5 other. Needs the ' +
    'password (E400105). Public pages, pictures and share images answer 404 at once; stored files are removed by a job.',
  request: {
    body: jsonBody(
      z.object({
        reason: z
          .number()
          .int()
          .refine((n) => (DELETION_REASONS as readonly number[]).includes(n)),
        password: passwordField,
      }),
    ),
  },
  responses: okReply('Deleted'),
});

export const deletionRoutes = router.openapi(remove, async (c) => {
  const b = c.req.valid('json');
  await deleteAccount(c.env, signedInUser(c), b.reason, b.password);
  clearSignInCookies(c);
  return ok(c, {});
});
