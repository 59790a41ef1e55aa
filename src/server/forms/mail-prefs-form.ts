import { saveReception } from '../settings/reception-service';
import { leaveFlash } from '../middleware/form-flash';
import type { FormHandler } from '../middleware/page-form';

/**
 * /verify/emailnotification?token=… (issue 20): the reception settings of every mail's footer link,
 * saved without signing in. Unchecked boxes send nothing, so a missing field means off. The saved
 * state is left for the page after the 303 (the link itself is spent by the save).
 */
export const mailPrefsForm: FormHandler = async (c, field) => {
  const token = c.req.query('token') ?? '';
  const saved = await saveReception(c.env, token, field('badge') === 'on', field('info') === 'on');
  const values = {
    address: saved.address,
    badge: saved.receiveBadgeMail ? 'on' : 'off',
    info: saved.receiveInfoMail ? 'on' : 'off',
  };
  const url = new URL(c.req.url);
  await leaveFlash(c, url.pathname, { form: 'mailprefs', step: 'saved', values, errors: {}, code: null, status: 200 });
  return c.redirect(`${url.pathname}${url.search}`, 303);
};
