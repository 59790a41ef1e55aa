import { runBatch } from '../db/batch';
import { isClaimable, isPublicBadge } from '../db/visibility';
import { completionEvents } from '../notifications/events-repo';
import { AppError } from '../errors';
import { detailItem } from './present';
import { walletBadgeRepo, type BadgeRow } from './badge-repo';
import { hostRepo } from './host-repo';
import { setHostPublic } from './host-service';

/** The owner's badge or 404: another person's badge does not exist for them (AZ-01..05). */
export async function ownedBadge(d1: D1Database, id: string, accountId: string): Promise<BadgeRow> {
  const badge = await walletBadgeRepo(d1).owned(id, accountId);
  if (!badge || badge.deletedByOwnerAt || badge.deletedByIssuerAt) throw new AppError('E404101');
  return badge;
}

/** Why a claimable badge could not be received, as the spec's messages tell it. */
function receiveRefusal(b: BadgeRow): AppError {
  if (b.acceptStatus !== 0) return new AppError('E409103');
  return new AppError('E409104');
}

/**
 * Receives one claimable badge: a blockchain badge becomes Receiving, any other Accepted (spec §4).
 * One conditional UPDATE, so a double click or two tabs receive it once.
 */
export async function receiveBadge(d1: D1Database, id: string, accountId: string, now: number) {
  const repo = walletBadgeRepo(d1);
  if ((await repo.receiveStatement(id, accountId, now).all()).results.length === 1) return;
  throw receiveRefusal(await ownedBadge(d1, id, accountId));
}

/**
 * Receives every claimable badge in one statement, and in the same batch the "process completed"
 * notification that counts them; answers how many there were and how many moved.
 */
export async function receiveAll(d1: D1Database, accountId: string, now: number) {
  const repo = walletBadgeRepo(d1);
  const total = await repo.claimableCount(accountId);
  if (total === 0) throw new AppError('E404105');
  const [, moved] = await runBatch(d1, [
    completionEvents(d1).receivedAll(accountId, now),
    repo.receiveAllStatement(accountId, now),
  ]);
  // Badges received meanwhile in another tab are the "partial" of spec §8 ("{1} of {0}").
  return { total, received: Math.min(total, moved?.results.length ?? 0) };
}

export async function hideBadge(d1: D1Database, id: string, accountId: string, now: number) {
  if ((await walletBadgeRepo(d1).hide(id, accountId, now)) === 1) return;
  await ownedBadge(d1, id, accountId);
  throw new AppError('E409102');
}

/** Publishes or hides a badge of the wallet: an issued one, or else an imported one. */
export async function setBadgePublic(d1: D1Database, id: string, accountId: string, isPublic: boolean, now: number) {
  if ((await walletBadgeRepo(d1).setPublic(id, accountId, isPublic, now)) === 1) return;
  if (await hostRepo(d1).owned(id, accountId)) return setHostPublic(d1, id, accountId, isPublic, now);
  await ownedBadge(d1, id, accountId);
  throw new AppError('E409105');
}

export async function deleteBadge(d1: D1Database, id: string, accountId: string, now: number) {
  if ((await walletBadgeRepo(d1).remove(id, accountId, now)) === 1) return;
  throw new AppError('E404101');
}

/** A badge as the public sees it (db/visibility.ts), else null. */
export async function findPublicBadge(d1: D1Database, id: string): Promise<BadgeRow | null> {
  const b = await walletBadgeRepo(d1).byId(id);
  return b && isPublicBadge(b) ? b : null;
}

/** The public badge for the API: anything else is "private or deleted" (E404104), whichever it is. */
export async function publicBadge(d1: D1Database, id: string): Promise<BadgeRow> {
  const b = await findPublicBadge(d1, id);
  if (!b) throw new AppError('E404104');
  return b;
}

/** The owner's badge for its detail page, or null when it is not theirs or not in that state. */
export async function ownerDetail(d1: D1Database, id: string, accountId: string, claimable: boolean) {
  const row = await walletBadgeRepo(d1).owned(id, accountId);
  if (!row || row.deletedByOwnerAt || row.deletedByIssuerAt) return null;
  if ((row.acceptStatus === 0) !== claimable || (claimable && row.isHidden)) return null;
  return detailItem(row, Date.now());
}

/**
 * An issued badge not yet received, as the public sees it (spec §2 /public/assertions/unAcquired):
 * the badge, issuer and dates, never the address. Once received it is the owner's to publish, so
 * it is null then, like any badge that is not public.
 */
export async function findPublicUnacquired(d1: D1Database, id: string): Promise<BadgeRow | null> {
  const b = await walletBadgeRepo(d1).byId(id);
  return b && isClaimable(b) ? b : null;
}

/** The unreceived badge for the API, or "private or deleted" (E404104). */
export async function publicUnacquired(d1: D1Database, id: string): Promise<BadgeRow> {
  const b = await findPublicUnacquired(d1, id);
  if (!b) throw new AppError('E404104');
  return b;
}
