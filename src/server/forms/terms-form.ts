import { path, safeRedirect } from '../../lib/paths';
import { TERMS_VERSION } from '../../terms/versions';
import { agreeToTerms } from '../accounts/account-service';
import { termsBody } from '../accounts/schemas';
import { parseFields, type FormHandler } from '../middleware/page-form';

/**
 * The terms modal's "I Agree" without JavaScript (posted to /terms from any signed-in page): the
 * API's SetTermOfService, then a 303 back to the page it came from (same-origin only). Signed out,
 * it goes to login and back.
 */
export const termsForm: FormHandler = async (c, field) => {
  const back = safeRedirect(field('redirect'), new URL(c.req.url).origin);
  const user = c.var.user;
  if (!user) return c.redirect(`${path('/login')}?redirect=${encodeURIComponent(back)}`, 303);
  parseFields(termsBody, { agree_term_of_service: field('agree_term_of_service') === 'true' });
  await agreeToTerms(c.env.DB, user.accountId, TERMS_VERSION, Date.now());
  return c.redirect(back, 303);
};
