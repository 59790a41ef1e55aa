import { pagingOf } from '../../lib/page-window';
import { CONFIG } from '../config';
import { hostDetailItem } from './host-present';
import { hostRepo } from './host-repo';
import { hasCertificates, publicWallet, walletList } from './list-service';
import { walletPrefs } from './prefs-service';
import { detailItem, listItem } from './present';
import { findPublicHost } from './host-service';
import { findPublicBadge, findPublicUnacquired } from './service';

/*
 * What the wallet's server-rendered pages read. A page must render its own "not found" state, so
 * these answer null for it instead of throwing the API's error, and no page repeats a try/catch.
 */

/** The first page of the badge list (or, for `receiving`, the claimable ones), and what the page shows around it. */
export async function walletListPage(d1: D1Database, accountId: string, tab: 'badges' | 'receiving', now: number) {
  const [list, certificates, prefs] = await Promise.all([
    walletList(d1, accountId, {
      sort: '-IssuedOn',
      keyword: '',
      types: [],
      visibility: tab === 'receiving' ? 4 : 0,
      page: 1,
    }),
    // Spec §7: when the check fails, the certificates tab is shown anyway.
    hasCertificates(d1, accountId).catch(() => true),
    walletPrefs(d1, accountId),
  ]);
  return { list: { ...list, items: list.rows.map((r) => listItem(r, now)) }, certificates, prefs };
}

/** The one-time confetti and the reminder's state, for the pages that show them. */
export { walletPrefs };

/**
 * A public wallet: the person, one page of their public badges and where that page lies (one past
 * the last is said to be so, issue 35); null for unknown or closed accounts.
 */
export async function publicWalletPage(d1: D1Database, accountId: string, sort: string, page: number, now: number) {
  const wallet = await publicWallet(d1, accountId, sort, page);
  if (!wallet) return null;
  const { profile, list } = wallet;
  return {
    profile,
    total: list.total,
    items: list.rows.map((r) => listItem(r, now)),
    paging: pagingOf(page, list.total, CONFIG.pageSizes.badges),
  };
}

/** The public page of an issued badge, or null while it is not public (private, revoked, deleted). */
export async function publicBadgeDetail(d1: D1Database, id: string, now: number) {
  const b = await findPublicBadge(d1, id);
  return b ? detailItem(b, now) : null;
}

/** An issued badge not yet received, without its address; null once it is not open. */
export async function publicUnacquiredDetail(d1: D1Database, id: string, now: number) {
  const b = await findPublicUnacquired(d1, id);
  return b ? { ...detailItem(b, now), assertion_email: '' } : null;
}

/** The public page of an imported badge, or null while it is not public. */
export async function publicHostDetail(d1: D1Database, id: string, now: number) {
  const h = await findPublicHost(d1, id);
  return h ? hostDetailItem(h, now) : null;
}

/** The owner's imported badge for its detail page; null for anyone else's (AZ-01). */
export async function ownerHostDetail(d1: D1Database, id: string, accountId: string, now: number) {
  const h = await hostRepo(d1).owned(id, accountId);
  return h ? hostDetailItem(h, now) : null;
}
