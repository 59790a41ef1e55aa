import { z } from '@hono/zod-openapi';
import { ok } from '../http/envelope';
import { envelope, jsonBody, okReply } from '../http/openapi';
import { hideClaimableReminder, markConfettiShown } from './prefs-service';
import { apiRouter } from '../middleware/router';
import { SIGNED_IN } from '../middleware/rules';

const { router, route } = apiRouter(SIGNED_IN);

const W = '/Wallet';
const body = jsonBody(z.object({ access_token: z.string().optional() }));

const confetti = route({
  method: 'post',
  path: `${W}/SetConfettiShownOnceStatus`,
  tags: ['Wallet'],
  summary: 'Records that the first-receipt confetti was shown, so it is shown once',
  request: { body },
  responses: okReply('Recorded'),
});
const reminder = route({
  method: 'post',
  path: `${W}/SetClaimableReminderHidden`,
  tags: ['Wallet'],
  summary: 'Hides the "badges waiting to be received" reminder for one day',
  request: { body },
  responses: okReply('Hidden until', envelope.extend({ hidden_until: z.string() })),
});

export const walletPrefsRoutes = router
  .openapi(confetti, async (c) => {
    await markConfettiShown(c.env.DB, c.var.user?.accountId ?? '', Date.now());
    return ok(c, {});
  })
  .openapi(reminder, async (c) => {
    const until = await hideClaimableReminder(c.env.DB, c.var.user?.accountId ?? '', Date.now());
    return ok(c, { hidden_until: new Date(until).toISOString() });
  });
