import { CONFIG } from '../config';
import { AppError } from '../errors';
import { acadRepo } from './acad-repo';
import { NATURAL_DESC, type AcadSort } from './sorts';
import { listItem, ownerItem, publicItem } from './present';

/** The list's query (spec §7 FindListForAcadDoc): page of `perPage`, a sort key and its direction. */
export interface CertificateQuery {
  page: number;
  perPage: number;
  sort: AcadSort;
  order?: 'asc' | 'desc' | undefined;
}

/** One page of the account's live certificates (revoked ones included, marked) and their number. */
export async function listCertificates(d1: D1Database, accountId: string, q: CertificateQuery) {
  const desc = q.order ? q.order === 'desc' : NATURAL_DESC[q.sort];
  const { rows, total } = await acadRepo(d1).page(accountId, q.sort, desc, q.perPage, (q.page - 1) * q.perPage);
  return { total, items: rows.map(listItem) };
}

/** The owner's certificate with everything; someone else's, or a deleted one, is E404108 (AZ-01). */
export async function ownedCertificate(d1: D1Database, id: string, accountId: string) {
  const row = await acadRepo(d1).owned(id, accountId);
  if (!row) throw new AppError('E404108');
  return ownerItem(row);
}

/** A certificate as the public sees it; private, revoked, deleted or unknown are all the same E404108. */
export async function publicCertificate(d1: D1Database, id: string) {
  const row = await acadRepo(d1).publicOne(id);
  if (!row) throw new AppError('E404108');
  return publicItem(row);
}

/**
 * Publishes or hides the owner's certificate: one conditional UPDATE, so parallel toggles leave the
 * last one applied. When nothing changed, the reason is read afterwards: not the owner's (E404108)
 * or revoked and therefore never publishable (E409116).
 */
export async function setCertificatePublic(
  d1: D1Database,
  id: string,
  accountId: string,
  isPublic: boolean,
  now: number,
) {
  const repo = acadRepo(d1);
  if ((await repo.setPublic(id, accountId, isPublic, now)) === 1) return;
  if (!(await repo.owned(id, accountId))) throw new AppError('E404108');
  throw new AppError('E409116');
}

/** An account's public certificates, for its public wallet page. */
export async function publicCertificatesOf(d1: D1Database, accountId: string) {
  return (await acadRepo(d1).publicOf(accountId, CONFIG.pageSizes.certificates * 5)).map(listItem);
}
