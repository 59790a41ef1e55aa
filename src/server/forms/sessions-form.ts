import { path } from '../../lib/paths';
import { AppError } from '../errors';
import { signOutOtherSessions, signOutSession } from '../sessions/service';
import type { FormHandler } from '../middleware/page-form';

/**
 * Settings, sessions (issue 22): "Sign out" of one session and "Sign out everywhere else" without
 * JavaScript. The answer is the page again with its outcome (or the error, e.g. a session already gone).
 */
export const sessionsForm: FormHandler = async (c, field) => {
  const user = c.var.user;
  const hash = c.var.sessionTokenHash;
  if (!user || !hash)
    return c.redirect(`${path('/login')}?redirect=${encodeURIComponent(path('/setting/sessions'))}`, 303);
  if (field('action') === 'others') {
    const ended = await signOutOtherSessions(c.env.DB, user.accountId, hash);
    return { step: 'others', values: { count: String(ended) } };
  }
  const id = field('session_id');
  if (!id || id.length > 64) throw new AppError('E404100');
  await signOutSession(c.env.DB, user.accountId, id, hash);
  return { step: 'one' };
};
