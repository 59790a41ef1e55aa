import { path } from '../../lib/paths';
import { hideClaimableReminder } from '../wallet/prefs-service';
import type { FormHandler } from '../middleware/page-form';

/**
 * The wallet list's "hide" on the badges-waiting reminder (spec §9), without JavaScript and before
 * the reminder's island hydrates (issue 35, item 1): the API's SetClaimableReminderHidden, then a
 * 303 back to the list, which no longer shows it.
 */
export const reminderForm: FormHandler = async (c) => {
  const user = c.var.user;
  const list = path('/assertions');
  if (!user) return c.redirect(`${path('/login')}?redirect=${encodeURIComponent(list)}`, 303);
  await hideClaimableReminder(c.env.DB, user.accountId, Date.now());
  return c.redirect(list, 303);
};
