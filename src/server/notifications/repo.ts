import type { NotificationRow } from '../db/rows';

/** A notification as the panel lists it. */
export type PanelNotification = Pick<
  NotificationRow,
  'id' | 'type' | 'messageKey' | 'messageParams' | 'url' | 'isRead' | 'createdAt'
>;

/** The notification panel's reads and writes (spec §7); always for one account, never by id alone. */
export function notificationsRepo(d1: D1Database) {
  const typeClause = (type: number | null) => (type ? ' AND type = ?' : '');
  const typeBind = (type: number | null) => (type ? [type] : []);
  return {
    async page(accountId: string, type: number | null, offset: number, limit: number): Promise<PanelNotification[]> {
      const r = await d1
        .prepare(
          `SELECT id, type, message_key AS messageKey, message_params AS messageParams, url, is_read AS isRead,
             created_at AS createdAt FROM notifications
           WHERE account_id = ? AND deleted = 0${typeClause(type)} ORDER BY id DESC LIMIT ? OFFSET ?`,
        )
        .bind(accountId, ...typeBind(type), limit, offset)
        .all<Omit<PanelNotification, 'isRead'> & { isRead: number }>();
      return r.results.map((n) => ({ ...n, isRead: n.isRead === 1 }));
    },
    async total(accountId: string, type: number | null) {
      return (
        (await d1
          .prepare(`SELECT COUNT(*) AS n FROM notifications WHERE account_id = ? AND deleted = 0${typeClause(type)}`)
          .bind(accountId, ...typeBind(type))
          .first<number>('n')) ?? 0
      );
    },
    /** Served by the partial index of unread rows: one index probe. */
    async hasUnread(accountId: string) {
      return (
        (await d1
          .prepare('SELECT 1 AS x FROM notifications WHERE account_id = ? AND is_read = 0 AND deleted = 0 LIMIT 1')
          .bind(accountId)
          .first()) !== null
      );
    },
    async markRead(accountId: string, lastId: number) {
      await d1
        .prepare(
          'UPDATE notifications SET is_read = 1 WHERE account_id = ? AND id <= ? AND is_read = 0 AND deleted = 0',
        )
        .bind(accountId, lastId)
        .run();
    },
    async remove(accountId: string, ids: number[] | 'all') {
      if (ids === 'all') {
        await d1
          .prepare('UPDATE notifications SET deleted = 1 WHERE account_id = ? AND deleted = 0')
          .bind(accountId)
          .run();
        return;
      }
      if (ids.length === 0) return;
      await d1
        .prepare(
          `UPDATE notifications SET deleted = 1 WHERE account_id = ? AND id IN (${ids.map(() => '?').join(', ')})`,
        )
        .bind(accountId, ...ids)
        .run();
    },
  };
}
