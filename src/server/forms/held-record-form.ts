import { z } from '@hono/zod-openapi';
import { path } from '../../lib/paths';
import { heldRecordFile } from '../clr/hold/file';
import { ownedRecord, removeRecord, setRecordPublic } from '../clr/hold/service';
import { AppError } from '../errors';
import { sendFile } from '../http/file';
import { leaveFlash } from '../middleware/form-flash';
import { parseFields, type FormHandler } from '../middleware/page-form';

const body = z.object({ is_public: z.enum(['true', 'false']) });

/**
 * /acaddocs/records/{id} (issue 38, item 2): publish or make private, remove (then back to the
 * list), or download the record as it was received. Plain forms, so they work without JavaScript;
 * someone else's record fails as the API does (E404108) and the page shows "not found".
 */
export const heldRecordForm: FormHandler = async (c, field) => {
  const user = c.var.user;
  const here = c.req.path;
  if (!user) return c.redirect(`${path('/login')}?redirect=${encodeURIComponent(here)}`, 303);
  const id = c.req.param('id') ?? '';
  if (field('action') === 'download') {
    const row = await ownedRecord(c.env.DB, id, user.accountId);
    if (!row) throw new AppError('E404108');
    return sendFile(c, heldRecordFile(row));
  }
  if (field('action') === 'remove') {
    await removeRecord(c.env.DB, id, user.accountId);
    return c.redirect(path('/acaddocs'), 303);
  }
  const { is_public } = parseFields(body, { is_public: field('is_public') });
  await setRecordPublic(c.env.DB, id, user.accountId, is_public === 'true', Date.now());
  await leaveFlash(c, here, { form: 'record', step: 'saved', values: {}, errors: {}, code: null, status: 200 });
  return c.redirect(here, 303);
};
