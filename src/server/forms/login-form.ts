import { normalizeEmail } from '../../lib/email';
import { safeRedirect } from '../../lib/paths';
import { checkLogin } from '../accounts/login';
import { loginBody, loginEmailBody } from '../accounts/schemas';
import { startSession } from '../accounts/session-start';
import { parseFields, type FormHandler } from './page-form';

/**
 * /login without JavaScript, in the spec's two steps. Step 1 checks the address as the API would
 * and shows step 2; step 2 is the API's login: the same lockout counting, the same session cookies,
 * then a 303 to where the person was going (same-origin only).
 */
export const loginForm: FormHandler = async (c, field) => {
  const email = field('email');
  if (field('change')) return { step: 'email', values: { email } };
  if (field('step') !== 'password') {
    parseFields(loginEmailBody, { email });
    return { step: 'password', values: { email: email.trim() } };
  }
  const body = parseFields(loginBody, { email, password: field('password') });
  const account = await checkLogin(c.env, body.email, body.password);
  await startSession(c, account, normalizeEmail(body.email));
  return c.redirect(safeRedirect(c.req.query('redirect'), new URL(c.req.url).origin), 303);
};
