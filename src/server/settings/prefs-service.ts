import { notificationSettingsRepo, type NotificationSettings } from './prefs-repo';

/** The notification settings of an account (badge mails, info mails, automatic receipt); null if it is gone. */
export const notificationSettings = (d1: D1Database, accountId: string) => notificationSettingsRepo(d1).get(accountId);

/** Saves the three notification switches. */
export async function saveNotificationSettings(
  d1: D1Database,
  accountId: string,
  s: NotificationSettings,
  now: number,
) {
  await notificationSettingsRepo(d1).set(accountId, s, now);
}
