import { safeRedirect } from '../../lib/paths';
import { finishSecondStep, signInWithPassword } from '../accounts/second-step';
import { loginBody, loginEmailBody, secondStepBody } from '../accounts/schemas';
import { parseFields, type FormHandler } from '../middleware/page-form';

/**
 * /login without JavaScript, in the spec's two steps. Step 1 checks the address as the API would
 * and shows step 2; step 2 is the API's login: the same lockout counting, the same session cookies,
 * then a 303 to where the person was going (same-origin only). An account with app codes on gets a
 * third step, the code (issue 22), posted like the API's LoginSecondStep.
 */
export const loginForm: FormHandler = async (c, field) => {
  const email = field('email');
  const done = () => c.redirect(safeRedirect(c.req.query('redirect'), new URL(c.req.url).origin), 303);
  if (field('change')) return { step: 'email', values: { email } };
  if (field('step') === 'code') {
    await finishSecondStep(c, parseFields(secondStepBody, { code: field('code') }).code);
    return done();
  }
  if (field('step') !== 'password') {
    parseFields(loginEmailBody, { email });
    return { step: 'password', values: { email: email.trim() } };
  }
  const body = parseFields(loginBody, { email, password: field('password') });
  const { secondStep } = await signInWithPassword(c, body.email, body.password);
  if (secondStep) return { step: 'code', values: { email: email.trim() } };
  return done();
};
