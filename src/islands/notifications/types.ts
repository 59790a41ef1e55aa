/** One notification as GetNotifications returns it (spec §7). */
export interface Notice {
  id: number;
  notification_type: number;
  message: string;
  url: string;
  is_read: boolean;
  create_date: string;
}

/** The panel's tabs, as `search.type` values: All, Badge awarded, Process completed. */
export type NoticeTab = 0 | 1 | 2;

import { apiPost } from '../lib/api';

export const NOTIFICATION_API = '/api/v1.0/openbadge/v2/Wallet/Notification';

/** CheckUnreadNotifications: whether unread notifications exist, or null when the call failed. */
export async function fetchUnread(): Promise<boolean | null> {
  const r = await apiPost<{ has_notifications: boolean }>(`${NOTIFICATION_API}/CheckUnreadNotifications`);
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

/** GetNotifications' answer. */
export interface NoticePage {
  notifications: Notice[];
  total_count: number;
  has_notifications: boolean;
}
