import { path } from '../../lib/paths';
import { register } from '../accounts/registration';
import { createAccountBody } from '../accounts/schemas';
import { leaveFlash } from '../middleware/form-flash';
import { parseFields, type FormHandler } from '../middleware/page-form';

/** The registration fields shown again after a failure or a step back (the passwords never are). */
export const REGISTER_KEPT = ['last_name', 'first_name', 'email'] as const;

/**
 * /createaccount without JavaScript, in the spec's three steps: agreeing to the terms shows the
 * information step; sending it is the API's CreateAccount (same checks, same answer for every
 * address), then a 303 to the "mail sent" step.
 */
export const registerForm: FormHandler = async (c, field) => {
  const values = Object.fromEntries(REGISTER_KEPT.map((name) => [name, field(name)]));
  if (field('back')) return { step: 'terms', values };
  if (field('step') === 'terms') return { step: 'info', values };
  const body = parseFields(createAccountBody, {
    ...values,
    password: field('password'),
    confirm_password: field('confirm_password'),
    agree_term_of_service: field('agree_term_of_service') === 'true',
  });
  await register(c.env, body, c.var.lang);
  const to = path('/createaccount');
  await leaveFlash(c, to, {
    form: 'register',
    step: 'sent',
    values: { email: field('email').trim() },
    errors: {},
    code: null,
    status: 200,
  });
  return c.redirect(to, 303);
};
