import type { SessionUser } from '../context';
import { listEmails } from './emails-service';
import { notificationSettings } from './prefs-service';
import { profileSettings } from './profile-service';

/**
 * What the settings page renders for its open menu (1 addresses, 3 notifications, 4 profile): only
 * that section is read; the others come back empty.
 */
export async function settingsPage(env: Env, user: SessionUser, menu: number) {
  const [emails, profile, notifications] = await Promise.all([
    menu === 1 ? listEmails(env, user) : [],
    menu === 4 ? profileSettings(env.DB, user.accountId) : null,
    menu === 3 ? notificationSettings(env.DB, user.accountId) : null,
  ]);
  return { emails, profile, notifications };
}
