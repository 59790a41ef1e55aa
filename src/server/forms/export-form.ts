import { path } from '../../lib/paths';
import { startExport } from '../export/service';
import type { FormHandler } from './page-form';

/**
 * Settings, export (issue 22): "Export my wallet" without JavaScript. Starting twice answers the
 * export already being built; the page then shows its progress.
 */
export const exportForm: FormHandler = async (c) => {
  const user = c.var.user;
  if (!user) return c.redirect(`${path('/login')}?redirect=${encodeURIComponent(path('/setting/export'))}`, 303);
  await startExport(c.env, user.accountId);
  return c.redirect(path('/setting/export'), 303);
};
