import { z } from '@hono/zod-openapi';
import { passwordField } from '../http/fields';
import { signedInUser } from '../middleware/require-user';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { ok } from '../http/envelope';
import { envelope, jsonBody, okReply } from '../http/openapi';
import { changePassword } from './password-change';
import { notificationSettings, saveNotificationSettings } from './prefs-service';
import { apiRouter } from '../middleware/router';
import { SIGNED_IN } from '../middleware/rules';

const { router, route } = apiRouter(SIGNED_IN);

const P = '/Wallet/Setting';
const settings = z.object({
  receive_badge_mail: z.boolean(),
  receive_info_mail: z.boolean(),
  auto_receive: z.boolean(),
});

const getSettings = route({
  method: 'post',
  path: `${P}/Notification/Get`,
  tags: ['Settings'],
  summary: 'Notification settings: badge mails, info mails (to the primary address), automatic receipt',
  request: { body: jsonBody(z.object({ access_token: z.string().optional() })) },
  responses: okReply('Settings', envelope.extend(settings.shape)),
});

const setSettings = route({
  method: 'post',
  path: `${P}/Notification/Set`,
  tags: ['Settings'],
  summary: 'Change the notification settings',
  description: 'With receive_badge_mail off no award mail (with its receive link) is sent to this account.',
  request: { body: jsonBody(settings) },
  responses: okReply('Saved'),
});

const password = passwordField;
const changePasswordRoute = route({
  method: 'post',
  path: `${P}/Password/Change`,
  tags: ['Settings'],
  summary: 'Change the password; every other session ends',
  description:
    'E400105 current password wrong (attempts left, shared with login lockout); E400100 with field errors for the ' +
    'policy of spec §5, a mismatch, or one of the last four passwords.',
  request: { body: jsonBody(z.object({ current_password: password, password, confirm_password: password })) },
  responses: okReply('Changed'),
});

const signedIn = (c: { var: AppEnv['Variables'] }) => {
  const user = signedInUser(c);
  if (!c.var.sessionTokenHash) throw new AppError('E401100');
  return { user, token: c.var.sessionTokenHash };
};

/** Notification settings and password change (spec §2 /setting menus 2 and 3). */
export const settingsRoutes = router
  .openapi(getSettings, async (c) => {
    const { user } = signedIn(c);
    const s = await notificationSettings(c.env.DB, user.accountId);
    if (!s) throw new AppError('E401100');
    return ok(c, { ...s });
  })
  .openapi(setSettings, async (c) => {
    const { user } = signedIn(c);
    const b = c.req.valid('json');
    const settings = {
      receiveBadgeMail: b.receive_badge_mail,
      receiveInfoMail: b.receive_info_mail,
      autoReceive: b.auto_receive,
    };
    await saveNotificationSettings(c.env.DB, user.accountId, settings, Date.now());
    return ok(c, {});
  })
  .openapi(changePasswordRoute, async (c) => {
    const { user, token } = signedIn(c);
    await changePassword(c.env, user, token, c.req.valid('json'));
    return ok(c, {});
  });
