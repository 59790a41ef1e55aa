import { path } from '../../lib/paths';
import { disconnectApp } from '../ob3api/connected-apps';
import type { FormHandler } from '../middleware/page-form';

/**
 * Settings, connected apps (issue 21): "Disconnect" without JavaScript. The page guard has signed
 * the person in; the answer is the page again with its outcome (done, or the error).
 */
export const appsForm: FormHandler = async (c, field) => {
  const user = c.var.user;
  if (!user) return c.redirect(`${path('/login')}?redirect=${encodeURIComponent(path('/setting/apps'))}`, 303);
  await disconnectApp(c.env, user.accountId, field('client_id'));
  return { step: 'done' };
};
