import { activate } from '../accounts/registration';
import { activateBody } from '../accounts/schemas';
import { redeemReceiveLink } from '../wallet/receive-link';
import { receiveLinkBody } from '../wallet/receive-body';
import { leaveFlash } from '../middleware/form-flash';
import { parseFields, type FormHandler } from '../middleware/page-form';

/*
 * The one-button pages of mailed links. Opening the link (a GET) changes nothing, so a mail scanner
 * cannot act for the person; the button posts, and the outcome shows on the same page after a 303.
 */

/** /activation/{token}: the API's ActivateAccount. */
export const activateForm: FormHandler = async (c) => {
  const { token } = parseFields(activateBody, { token: c.req.param('token') ?? '' });
  await activate(c.env, token);
  await leaveFlash(c, c.req.path, { form: 'activate', step: 'done', values: {}, errors: {}, code: null, status: 200 });
  return c.redirect(c.req.path, 303);
};

/** /receive/{token}: the API's SetReceiveBadge; a blockchain badge is "receiving" afterwards. */
export const receiveForm: FormHandler = async (c) => {
  const { token } = parseFields(receiveLinkBody, { token: c.req.param('token') ?? '' });
  const r = await redeemReceiveLink(c.env.DB, token);
  const step = r.result === 'register' ? 'register' : r.badge.isBlockchain ? 'receiving' : 'received';
  await leaveFlash(c, c.req.path, { form: 'receive', step, values: {}, errors: {}, code: null, status: 200 });
  return c.redirect(c.req.path, 303);
};
