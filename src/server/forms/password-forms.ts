import { path } from '../../lib/paths';
import { requestPasswordLink, resetPassword } from '../accounts/password-reset';
import { forgotBody, resetBody } from '../accounts/schemas';
import { leaveFlash } from '../middleware/form-flash';
import { parseFields, type FormHandler } from '../middleware/page-form';
import type { FormName } from '../form-state';

const done = (form: FormName, step: string, values: Record<string, string> = {}) => ({
  form,
  step,
  values,
  errors: {},
  code: null,
  status: 200,
});

/**
 * /password/forgot and /password/initial without JavaScript: the API's ForgotPassword (the same
 * answer for every address, RST-01), then a 303 to the same page, which says the link is on its way.
 */
export const forgotForm =
  (route: '/password/forgot' | '/password/initial'): FormHandler =>
  async (c, field) => {
    const body = parseFields(forgotBody, { email: field('email') });
    await requestPasswordLink(c.env, body.email);
    await leaveFlash(c, path(route), done('forgot', 'sent', { email: field('email').trim() }));
    return c.redirect(path(route), 303);
  };

/**
 * /password/reset/{token} without JavaScript: the API's ResetPassword (single-use link, the password
 * rules and history, every session ended), then a 303 to the same page, which says it is done.
 */
export const resetForm: FormHandler = async (c, field) => {
  const token = c.req.param('token') ?? '';
  const body = parseFields(resetBody, {
    token,
    password: field('password'),
    confirm_password: field('confirm_password'),
  });
  await resetPassword(c.env, body.token, body.password, body.confirm_password);
  await leaveFlash(c, c.req.path, done('reset', 'done'));
  return c.redirect(c.req.path, 303);
};
