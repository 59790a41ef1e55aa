import { CONFIG } from '../config';
import { notificationsRepo } from './repo';

export type { PanelNotification } from './repo';

/*
 * The notification panel's reads and writes for its router (routers do not reach the repo
 * themselves: the layering rules of .dependency-cruiser.mjs). Always one account's rows.
 */

/** The next page of notifications after the `offset` the panel holds, their total, and whether any is unread. */
export async function notificationPage(d1: D1Database, accountId: string, type: number | null, offset: number) {
  const repo = notificationsRepo(d1);
  const [rows, total, unread] = await Promise.all([
    repo.page(accountId, type, offset, CONFIG.pageSizes.notifications),
    repo.total(accountId, type),
    repo.hasUnread(accountId),
  ]);
  return { rows, total, unread };
}

/** Whether the account has unread notifications (the bell's new-mark). */
export const hasUnreadNotifications = (d1: D1Database, accountId: string) => notificationsRepo(d1).hasUnread(accountId);

/** Marks every notification up to `lastId` read. */
export const markNotificationsRead = (d1: D1Database, accountId: string, lastId: number) =>
  notificationsRepo(d1).markRead(accountId, lastId);

/** Deletes the listed notifications, or all of them. */
export const removeNotifications = (d1: D1Database, accountId: string, ids: number[] | 'all') =>
  notificationsRepo(d1).remove(accountId, ids);
