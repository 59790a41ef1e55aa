import { z } from '@hono/zod-openapi';
import { path } from '../../lib/paths';
import { setCertificatePublic } from '../certificates/acad-service';
import { acadDownloadService, acadPdfFile } from '../certificates/download-service';
import { blockchainFile } from '../blockcerts/file';
import { blockchainDownload } from '../downloads/blockcerts';
import { sendFile } from '../http/file';
import { leaveFlash } from '../middleware/form-flash';
import { parseFields, type FormHandler } from '../middleware/page-form';

const body = z.object({ is_public: z.enum(['true', 'false']) });

/**
 * /acaddocs/detail/{id}: publish or make private without JavaScript, the API's SetAcadDocStatus,
 * then a 303 back to the page, which reads the new state; or download the PDF (action=pdf), its CLR
 * 2.0 record (action=clr, issue 38) or the blockchain certificate (action=blockchain). Someone
 * else's certificate fails as the API does (E404108), and the page then shows "not found".
 */
export const acadDocForm: FormHandler = async (c, field) => {
  const user = c.var.user;
  const here = c.req.path;
  if (!user) return c.redirect(`${path('/login')}?redirect=${encodeURIComponent(here)}`, 303);
  const id = c.req.param('id') ?? '';
  if (field('action') === 'pdf') {
    // The PDF itself is the answer; a failure (still being made, file not found) shows on the page.
    return sendFile(c, acadPdfFile(await acadDownloadService(c.env).pdf(id, user.accountId)));
  }
  if (field('action') === 'clr') return sendFile(c, await acadDownloadService(c.env).clr(id, user.accountId));
  if (field('action') === 'blockchain') {
    const r = await blockchainDownload(c.env, 'acad_doc', id, user.accountId);
    return sendFile(c, blockchainFile(r));
  }
  const { is_public } = parseFields(body, { is_public: field('is_public') });
  await setCertificatePublic(c.env.DB, id, user.accountId, is_public === 'true', Date.now());
  await leaveFlash(c, here, { form: 'acaddoc', step: 'saved', values: {}, errors: {}, code: null, status: 200 });
  return c.redirect(here, 303);
};
