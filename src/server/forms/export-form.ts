import { path } from '../../lib/paths';
import { importArchive } from '../export/import';
import { startExport } from '../export/service';
import { clientKey } from '../http/throttle';
import type { FormHandler } from '../middleware/page-form';

/**
 * Settings, export (issue 22), without JavaScript: "Export my wallet" (starting twice answers the
 * export already being built; the page then shows its progress), and "Import an export" (a file
 * field; the page shows what became of each badge found).
 */
export const exportForm: FormHandler = async (c, field) => {
  const user = c.var.user;
  if (!user) return c.redirect(`${path('/login')}?redirect=${encodeURIComponent(path('/setting/export'))}`, 303);
  if (field('intent') !== 'import') {
    await startExport(c.env, user.accountId);
    return c.redirect(path('/setting/export'), 303);
  }
  // Its bytes are taken only once the import throttle has let it through (importArchive), from the
  // form already read: parsing the request again held one more copy of the upload (issue 33).
  const upload = async () => {
    const file = field.file?.('zip') ?? null;
    return !file || file.size === 0 ? null : new Uint8Array(await file.arrayBuffer());
  };
  const r = await importArchive(c.env, user.accountId, upload, clientKey(c.req.raw.headers));
  const values = Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)]));
  return { step: 'imported', values };
};
