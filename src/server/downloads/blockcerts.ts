import { blockcertsService } from '../blockcerts/service';
import { acadPdfRepo } from '../certificates/pdf-repo';
import { AppError } from '../errors';
import { ownedBadge } from '../wallet/service';

/**
 * The owner's blockchain certificate of one of their badges or academic documents (spec §1, §7):
 * theirs only, a badge they accepted that is issued on the chain, not revoked; then the anchored
 * credential the Blockcerts module serves, with the name and date the file is named by.
 */
export async function blockchainDownload(env: Env, kind: 'badge' | 'acad_doc', id: string, accountId: string) {
  let name: string;
  let issuedOn: number;
  if (kind === 'badge') {
    const b = await ownedBadge(env.DB, id, accountId);
    if (b.acceptStatus === 0 || !b.isBlockchain) throw new AppError('E404101');
    if (b.revokedAt) throw new AppError('E410180');
    ({ name, issuedOn } = b);
  } else {
    const d = accountId ? await acadPdfRepo(env.DB).owned(id, accountId) : null;
    if (!d || d.deletedAt) throw new AppError('E404108');
    if (d.revokedAt) throw new AppError('E410181');
    ({ title: name, issuedOn } = d);
  }
  return { name, issuedOn, doc: await blockcertsService(env).anchoredDocument(kind, id) };
}
