import { walletUrl } from '../../http/wallet-url';
import { qrSvg } from '../../images/qr';
import { ownerHeldRecord, publicHeldRecord } from './present';
import { heldClrRepo } from './repo';
import { publicHeldRecordPath } from './paths';

/*
 * What the held record pages read (issue 38, item 2). A page renders its own "not found" state, so
 * these answer null where the API answers E404108.
 */

/** The owner's record with its public address and that address's QR code; null for anyone else's. */
export async function ownerRecordPage(env: Env, id: string, accountId: string) {
  const row = await heldClrRepo(env.DB).owned(id, accountId);
  if (!row) return null;
  const url = walletUrl(env, publicHeldRecordPath(row.id));
  return { record: ownerHeldRecord(row), url, qr: row.isPublic ? await qrSvg(url) : null };
}

/** A record as the public sees it, or null while it is not public. */
export async function publicRecordPage(d1: D1Database, id: string) {
  const row = await heldClrRepo(d1).publicOne(id);
  return row ? { record: publicHeldRecord(row) } : null;
}
