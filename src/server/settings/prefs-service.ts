import { notificationSettingsRepo, type NotificationSettings } from './prefs-repo';

/**
 * The notification settings of an account (badge mails, info mails, automatic receipt) in the API's
 * field names, as the Get call answers them and the settings page fills its form; null if it is gone.
 */
export async function notificationSettings(d1: D1Database, accountId: string) {
  const s = await notificationSettingsRepo(d1).get(accountId);
  if (!s) return null;
  return { receive_badge_mail: s.receiveBadgeMail, receive_info_mail: s.receiveInfoMail, auto_receive: s.autoReceive };
}

/** Saves the three notification switches. */
export async function saveNotificationSettings(
  d1: D1Database,
  accountId: string,
  s: NotificationSettings,
  now: number,
) {
  await notificationSettingsRepo(d1).set(accountId, s, now);
}
