import { verifyEmailByLink } from '../settings/email-link-service';
import { leaveFlash } from '../middleware/form-flash';
import type { FormHandler } from '../middleware/page-form';

/**
 * /email/verification/{token} (issue 20): the button of the link in an added address's code mail.
 * Opening the link changes nothing (a mail scanner cannot verify for the person); the button posts,
 * and the outcome shows on the same page after a 303, or, refused, with the error's status.
 */
export const emailVerifyForm: FormHandler = async (c) => {
  await verifyEmailByLink(c.env, c.req.param('token') ?? '');
  await leaveFlash(c, c.req.path, {
    form: 'emailverify',
    step: 'done',
    values: {},
    errors: {},
    code: null,
    status: 200,
  });
  return c.redirect(c.req.path, 303);
};
