import { publicAccount } from '../accounts/account-service';
import { findPublicList, findWalletList, hasAcadDocs } from './list-repo';
import type { ListQuery } from './list-query';

/*
 * The badge lists, for the routers and the pages alike (routers do not reach list-repo themselves:
 * the layering rules of .dependency-cruiser.mjs). The list's SQL and its paging stay in the repo.
 */

/** One page of the signed-in wallet's list, its total, and the claimable and receiving counts. */
export const walletList = (d1: D1Database, accountId: string, q: ListQuery) => findWalletList(d1, accountId, q);

/** A public wallet: the active account and one page of its public badges; null for unknown or closed accounts. */
export async function publicWallet(d1: D1Database, accountId: string, sort: string, page: number) {
  const profile = await publicAccount(d1, accountId);
  if (!profile) return null;
  return { profile, list: await findPublicList(d1, profile.id, sort, page) };
}

/** Whether certificates were issued to this account (spec §2: the certificates tab shows only then). */
export const hasCertificates = (d1: D1Database, accountId: string) => hasAcadDocs(d1, accountId);
