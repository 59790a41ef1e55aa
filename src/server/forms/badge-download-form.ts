import { path } from '../../lib/paths';
import { blockchainDownload } from '../downloads/blockcerts';
import { blockchainFile } from '../blockcerts/file';
import { badgeFile } from '../downloads/files';
import { DOWNLOAD_KINDS, type DownloadKind } from '../downloads/offered';
import { AppError } from '../errors';
import { sendFile } from '../http/file';
import type { FormHandler } from '../middleware/page-form';

const isKind = (v: string): v is DownloadKind => (DOWNLOAD_KINDS as readonly string[]).includes(v);

/**
 * A badge detail page's downloads (issue 35, item 1): each button is a form that posts here, so the
 * first click saves the file before the page's island has hydrated, and without JavaScript. The
 * file is the answer (the browser stays on the page); a failure (revoked, not the owner's) renders
 * the page again with the translated reason, as the API call's dialog would say it.
 */
export const badgeDownloadForm: FormHandler = async (c, field) => {
  const user = c.var.user;
  if (!user) return c.redirect(`${path('/login')}?redirect=${encodeURIComponent(c.req.path)}`, 303);
  const id = c.req.param('id') ?? '';
  const action = field('action');
  if (action === 'blockchain') {
    return sendFile(c, blockchainFile(await blockchainDownload(c.env, 'badge', id, user.accountId)));
  }
  if (!isKind(action)) throw new AppError('E400100');
  return sendFile(c, await badgeFile(c, action, id, user.accountId));
};
