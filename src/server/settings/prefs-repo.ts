import type { AccountRow } from '../db/rows';

/** The three switches of the notification settings, as the account row names them. */
export type NotificationSettings = Pick<AccountRow, 'receiveBadgeMail' | 'receiveInfoMail' | 'autoReceive'>;

/** The three switches of the notification settings (spec §3 user info, §4). */
export function notificationSettingsRepo(d1: D1Database) {
  return {
    async get(accountId: string): Promise<NotificationSettings | null> {
      const row = await d1
        .prepare('SELECT receive_badge_mail AS b, receive_info_mail AS i, auto_receive AS a FROM accounts WHERE id = ?')
        .bind(accountId)
        .first<{ b: number; i: number; a: number }>();
      return row ? { receiveBadgeMail: row.b === 1, receiveInfoMail: row.i === 1, autoReceive: row.a === 1 } : null;
    },
    async set(accountId: string, s: NotificationSettings, now: number): Promise<void> {
      await d1
        .prepare(
          'UPDATE accounts SET receive_badge_mail = ?, receive_info_mail = ?, auto_receive = ?, updated_at = ? WHERE id = ?',
        )
        .bind(s.receiveBadgeMail ? 1 : 0, s.receiveInfoMail ? 1 : 0, s.autoReceive ? 1 : 0, now, accountId)
        .run();
    },
  };
}
