import { z } from '@hono/zod-openapi';
import { signedInUser } from '../middleware/require-user';
import { AppError } from '../errors';
import { ok } from '../http/envelope';
import { envelope, jsonBody, okReply } from '../http/openapi';
import {
  hasUnreadNotifications,
  markNotificationsRead,
  notificationPage,
  removeNotifications,
  type PanelNotification,
} from './service';
import { apiRouter } from '../middleware/router';
import { SIGNED_IN } from '../middleware/rules';

const { router, route } = apiRouter(SIGNED_IN);

const N = '/Wallet/Notification';
const token = { access_token: z.string().optional() };

const item = z.object({
  id: z.number(),
  notification_type: z.number(),
  message: z.string(),
  url: z.string(),
  is_read: z.boolean(),
  create_date: z.string(),
});

const list = route({
  method: 'post',
  path: `${N}/GetNotifications`,
  tags: ['Notifications'],
  summary: 'The next 20 notifications, newest first (spec §7)',
  description:
    'already_have_notification_count: how many the panel holds already (the next page starts there). search.type: ' +
    '0 All (default), 1 Badge awarded, 2 Process completed.',
  request: {
    body: jsonBody(
      z.object({
        ...token,
        already_have_notification_count: z.number().int().min(0).max(100_000).default(0),
        search: z.object({ type: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0) }).default({ type: 0 }),
      }),
    ),
  },
  responses: okReply(
    'Notifications',
    envelope.extend({ notifications: z.array(item), total_count: z.number(), has_notifications: z.boolean() }),
  ),
});
const unread = route({
  method: 'post',
  path: `${N}/CheckUnreadNotifications`,
  tags: ['Notifications'],
  summary: 'Whether unread notifications exist (the bell’s new-mark)',
  request: { body: jsonBody(z.object(token)) },
  responses: okReply('Unread state', envelope.extend({ has_notifications: z.boolean() })),
});
const read = route({
  method: 'post',
  path: `${N}/SetNotificationIsRead`,
  tags: ['Notifications'],
  summary: 'Mark every notification up to last_id as read',
  request: { body: jsonBody(z.object({ ...token, last_id: z.number().int().min(0) })) },
  responses: okReply('Read'),
});
const remove = route({
  method: 'post',
  path: `${N}/DeleteNotification`,
  tags: ['Notifications'],
  summary: 'Delete all notifications, or the listed ones (a single id is sent as a list); not both (E400106)',
  request: {
    body: jsonBody(
      z.object({
        ...token,
        is_delete_all: z.boolean().default(false),
        notification_ids: z.array(z.number().int().min(0)).max(200).default([]),
      }),
    ),
  },
  responses: okReply('Deleted'),
});

/** The notification calls of spec §7: only the signed-in account's notifications, ever. */
export const notificationRoutes = router
  .openapi(list, async (c) => {
    const account = signedInUser(c).accountId;
    const b = c.req.valid('json');
    const type = b.search.type || null;
    const { rows, total, unread } = await notificationPage(c.env.DB, account, type, b.already_have_notification_count);
    const t = c.var.t;
    const present = (r: PanelNotification) => {
      let params: Record<string, string | number> = {};
      try {
        params = JSON.parse(r.messageParams) as Record<string, string | number>;
      } catch {
        // an unreadable row still shows its message without values
      }
      return {
        id: r.id,
        notification_type: r.type,
        message: t(r.messageKey, params),
        url: r.url,
        is_read: r.isRead,
        create_date: new Date(r.createdAt).toISOString(),
      };
    };
    return ok(c, { notifications: rows.map(present), total_count: total, has_notifications: unread });
  })
  .openapi(unread, async (c) =>
    ok(c, { has_notifications: await hasUnreadNotifications(c.env.DB, signedInUser(c).accountId) }),
  )
  .openapi(read, async (c) => {
    await markNotificationsRead(c.env.DB, signedInUser(c).accountId, c.req.valid('json').last_id);
    return ok(c, {});
  })
  .openapi(remove, async (c) => {
    const b = c.req.valid('json');
    if (b.is_delete_all && b.notification_ids.length > 0) throw new AppError('E400106');
    await removeNotifications(c.env.DB, signedInUser(c).accountId, b.is_delete_all ? 'all' : b.notification_ids);
    return ok(c, {});
  });
