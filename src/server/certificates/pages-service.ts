import { pagingOf } from '../../lib/page-window';
import { qrSvg } from '../images/qr';
import { walletUrl } from '../http/wallet-url';
import { walletList } from '../wallet/list-service';
import { acadRepo } from './acad-repo';
import { listCertificates, type CertificateQuery } from './acad-service';
import { ownerItem, publicItem } from './present';

/*
 * What the certificate pages read (issue 18). A page renders its own "not found" state, so these
 * answer null where the API throws E404108.
 */

/** Where a certificate's public page lives (spec §2), relative to the wallet's base path. */
export const publicCertificatePath = (id: string) => `/public/acaddocs/detail/${encodeURIComponent(id)}`;

/**
 * One page of the list, the receiving count the tabs show next to it (as /assertions does), and
 * where the page lies: one past the last is said to be so, with the last page's number (issue 35).
 */
export async function certificateListPage(d1: D1Database, accountId: string, q: CertificateQuery) {
  const [list, waiting] = await Promise.all([
    listCertificates(d1, accountId, q),
    walletList(d1, accountId, { sort: '-IssuedOn', keyword: '', types: [], visibility: 4, page: 1 }),
  ]);
  return { ...list, receiving: waiting.claimable + waiting.receiving, paging: pagingOf(q.page, list.total, q.perPage) };
}

/**
 * The owner's certificate with its public address and that address's QR code (shown once it is
 * public); null for anyone else's or a deleted one (AZ-01).
 */
export async function ownerCertificatePage(env: Env, id: string, accountId: string) {
  const row = await acadRepo(env.DB).owned(id, accountId);
  if (!row) return null;
  const url = walletUrl(env, publicCertificatePath(row.id));
  return { certificate: ownerItem(row), url, qr: await qrSvg(url) };
}

/** A certificate as the public sees it, or null while it is not public (private, revoked, deleted). */
export async function publicCertificatePage(d1: D1Database, id: string) {
  const row = await acadRepo(d1).publicOne(id);
  return row ? publicItem(row) : null;
}

export { publicCertificatesOf } from './acad-service';
