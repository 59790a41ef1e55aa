import { z } from '@hono/zod-openapi';
import { signedInUser } from '../middleware/require-user';
import { SIGNED_IN } from '../middleware/rules';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { ok } from '../http/envelope';
import { envelope, jsonBody, okReply } from '../http/openapi';
import { apiRouter } from '../middleware/router';
import { listSessions, signOutOtherSessions, signOutSession } from './service';

const { router, route } = apiRouter(SIGNED_IN);
const P = '/Wallet/Setting/Sessions';

const session = z.object({
  id: z.string().nullable(),
  device: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  place: z.string().nullable(),
  user_type: z.number(),
  signed_in_at: z.number(),
  last_seen_at: z.number(),
  current: z.boolean(),
});

const list = route({
  method: 'post',
  path: `${P}/List`,
  tags: ['Settings'],
  summary: 'The signed-in sessions of this account (issue 22), this one first',
  description:
    'Device and browser from the User-Agent, approximate place where the platform gives one (else null), ' +
    'last seen (refreshed at most every five minutes). Portal sessions (user type 1) are listed too.',
  request: { body: jsonBody(z.object({ access_token: z.string().optional() })) },
  responses: okReply('Sessions', envelope.extend({ sessions: z.array(session) })),
});

const signOut = route({
  method: 'post',
  path: `${P}/SignOut`,
  tags: ['Settings'],
  summary: 'Sign out one other session of this account',
  description:
    'E404100 when the id is not a live session of this account (another account’s, already ended, or this ' +
    'session: sign out here with OpenbadgeWalletLogout). A portal session behind it ends too.',
  request: { body: jsonBody(z.object({ session_id: z.string().min(1).max(64) })) },
  responses: okReply('Signed out'),
});

const signOutOthers = route({
  method: 'post',
  path: `${P}/SignOutOthers`,
  tags: ['Settings'],
  summary: 'Sign out everywhere else: every session of this account but this one',
  request: { body: jsonBody(z.object({ access_token: z.string().optional() })) },
  responses: okReply('Signed out', envelope.extend({ ended: z.number() })),
});

const current = (c: { var: AppEnv['Variables'] }) => {
  const user = signedInUser(c);
  if (!c.var.sessionTokenHash) throw new AppError('E401100');
  return { user, hash: c.var.sessionTokenHash };
};

/** Settings, sessions (issue 22 Deliver 3): the list and its sign-outs. */
export const sessionRoutes = router
  .openapi(list, async (c) => {
    const { user, hash } = current(c);
    const rows = await listSessions(c.env.DB, user.accountId, hash, c.var.lang, c.var.t);
    return ok(c, {
      sessions: rows.map((s) => ({
        id: s.id,
        device: s.device,
        browser: s.browser,
        os: s.os,
        place: s.place,
        user_type: s.userType,
        signed_in_at: s.signedInAt,
        last_seen_at: s.lastSeenAt,
        current: s.current,
      })),
    });
  })
  .openapi(signOut, async (c) => {
    const { user, hash } = current(c);
    await signOutSession(c.env.DB, user.accountId, c.req.valid('json').session_id, hash);
    return ok(c, {});
  })
  .openapi(signOutOthers, async (c) => {
    const { user, hash } = current(c);
    return ok(c, { ended: await signOutOtherSessions(c.env.DB, user.accountId, hash) });
  });
