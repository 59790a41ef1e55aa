import { call, type Answer } from '../lib/api';
import { wallet } from '../lib/client';

/** The notification calls (spec §7). */
export const notices = wallet.Notification;

/** GetNotifications' answer: a page, the total, and whether unread ones exist. */
export type NoticePage = Answer<typeof notices.GetNotifications>;

/** One notification as GetNotifications returns it (spec §7). */
export type Notice = NoticePage['notifications'][number];

/** The panel's tabs, as `search.type` values: All, Badge awarded, Process completed. */
export type NoticeTab = 0 | 1 | 2;

/** CheckUnreadNotifications: whether unread notifications exist, or null when the call failed. */
export async function fetchUnread(): Promise<boolean | null> {
  const r = await call(notices.CheckUnreadNotifications, {});
  return r.ok ? r.data.has_notifications : null;
}

/**
 * Adds a page to the list: de-duplicated by id and sorted newest first (spec §4). Offsets shift when
 * a notification arrives or is deleted between pages, so a page can repeat rows already held.
 */
export function mergeNotices(held: Notice[], page: Notice[]): Notice[] {
  const byId = new Map(held.map((n) => [n.id, n]));
  for (const n of page) byId.set(n.id, n);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}
