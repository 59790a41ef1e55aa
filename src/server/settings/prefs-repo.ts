export interface NotificationSettings {
  receive_badge_mail: boolean;
  receive_info_mail: boolean;
  auto_receive: boolean;
}

/** The three switches of the notification settings (spec §3 user info, §4). */
export function notificationSettingsRepo(d1: D1Database) {
  return {
    async get(accountId: string): Promise<NotificationSettings | null> {
      const row = await d1
        .prepare('SELECT receive_badge_mail AS b, receive_info_mail AS i, auto_receive AS a FROM accounts WHERE id = ?')
        .bind(accountId)
        .first<{ b: number; i: number; a: number }>();
      return row
        ? { receive_badge_mail: row.b === 1, receive_info_mail: row.i === 1, auto_receive: row.a === 1 }
        : null;
    },
    async set(accountId: string, s: NotificationSettings, now: number): Promise<void> {
      await d1
        .prepare(
          'UPDATE accounts SET receive_badge_mail = ?, receive_info_mail = ?, auto_receive = ?, updated_at = ? WHERE id = ?',
        )
        .bind(s.receive_badge_mail ? 1 : 0, s.receive_info_mail ? 1 : 0, s.auto_receive ? 1 : 0, now, accountId)
        .run();
    },
  };
}
