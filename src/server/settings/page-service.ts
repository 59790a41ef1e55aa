import type { SessionUser } from '../context';
import { listEmails } from './emails-service';
import { notificationSettingsRepo } from './prefs-repo';
import { profileRepo } from './profile-repo';

/**
 * What the settings page renders for its open menu (1 addresses, 3 notifications, 4 profile): only
 * that section is read; the others come back empty.
 */
export async function settingsPage(env: Env, user: SessionUser, menu: number) {
  const [emails, profile, notifications] = await Promise.all([
    menu === 1 ? listEmails(env, user) : [],
    menu === 4 ? profileRepo(env.DB).get(user.accountId) : null,
    menu === 3 ? notificationSettingsRepo(env.DB).get(user.accountId) : null,
  ]);
  return { emails, profile, notifications };
}
