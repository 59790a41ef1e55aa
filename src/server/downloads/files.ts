import type { Context } from 'hono';
import { downloadName } from '../../lib/file-names';
import type { AppEnv } from '../context';
import type { FileOut } from '../http/file';
import type { DownloadKind } from './offered';
import { downloadService } from './service';

/**
 * The file of one download of a received badge (spec §1): what the API's Download calls and the
 * badge page's download forms both answer, so a button works the same before and after its island
 * hydrates. Errors are the service's (E404101 not the owner's, E410180 revoked).
 */
export async function badgeFile(
  c: Context<AppEnv>,
  kind: DownloadKind,
  id: string,
  accountId: string,
): Promise<FileOut> {
  const s = downloadService(c.env);
  const later = (p: Promise<unknown>) => c.executionCtx.waitUntil(p);
  switch (kind) {
    case 'pdf': {
      const r = await s.certificate(id, accountId, { lang: c.var.lang, t: c.var.t }, later);
      const name = downloadName('certificate', r.badge.name, 'pdf', r.badge.issuedOn);
      return { body: new Uint8Array(r.bytes), type: 'application/pdf', name };
    }
    case 'image': {
      const r = await s.image(id, accountId, later);
      const type = r.type === 'png' ? 'image/png' : 'image/svg+xml';
      return { body: r.bytes, type, name: downloadName('image', r.badge.name, r.type, r.badge.issuedOn) };
    }
    case 'json': {
      const r = await s.json(id, accountId);
      return { body: r.body, type: r.type, name: downloadName('json', r.name, r.ext, r.issuedOn) };
    }
    case 'ob3json': {
      const r = await s.ob3Json(id, accountId);
      // A credential's own media type: the islands' download reads application/json as an error body.
      const name = downloadName('ob3', r.badge.name, 'json', r.badge.issuedOn);
      return { body: JSON.stringify(r.doc, null, 2), type: 'application/vc+ld+json', name };
    }
    case 'ob3image': {
      const r = await s.ob3Image(id, accountId, later);
      return { body: r.bytes, type: 'image/png', name: downloadName('ob3', r.badge.name, 'png', r.badge.issuedOn) };
    }
  }
}
