import { z } from '@hono/zod-openapi';
import { ok } from '../http/envelope';
import { envelope, jsonBody, okReply } from '../http/openapi';
import { walletPrefsRepo } from './prefs-repo';
import { apiRouter } from '../http/router';
import { SIGNED_IN } from '../auth/rules';

const { router, route } = apiRouter(SIGNED_IN);

const W = '/Wallet';
/** Spec §9: the claimable-badge reminder can be hidden for one day. */
export const REMINDER_HIDDEN_MS = 86_400_000;
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
    await walletPrefsRepo(c.env.DB).confettiShown(c.var.user?.accountId ?? '', Date.now());
    return ok(c, {});
  })
  .openapi(reminder, async (c) => {
    const now = Date.now();
    await walletPrefsRepo(c.env.DB).hideReminder(c.var.user?.accountId ?? '', now + REMINDER_HIDDEN_MS, now);
    return ok(c, { hidden_until: new Date(now + REMINDER_HIDDEN_MS).toISOString() });
  });
