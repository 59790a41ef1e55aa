import { AppError } from '../errors';
import { hostRepo, type HostRow } from './host-repo';

/** The owner's imported badge, or 404 for anyone else (AZ-01). */
export async function ownedHost(d1: D1Database, id: string, accountId: string): Promise<HostRow> {
  const row = await hostRepo(d1).owned(id, accountId);
  if (!row) throw new AppError('E404101');
  return row;
}

/** An imported badge as the public sees it: public and not revoked, else "private or deleted". */
export async function publicHost(d1: D1Database, id: string): Promise<HostRow> {
  const row = await hostRepo(d1).byId(id);
  if (!row || row.is_public !== 1 || row.revoked_at) throw new AppError('E404104');
  return row;
}

/** Whoever may see the image: anyone while public, else only the owner. */
export async function visibleHost(d1: D1Database, id: string, accountId: string | null) {
  const row = await hostRepo(d1).byId(id);
  if (!row || (row.is_public !== 1 && row.account_id !== accountId)) throw new AppError('E404101');
  return row;
}

export async function setHostPublic(d1: D1Database, id: string, accountId: string, isPublic: boolean, now: number) {
  if ((await hostRepo(d1).setPublic(id, accountId, isPublic, now)) === 1) return;
  await ownedHost(d1, id, accountId);
  throw new AppError('E409105');
}

/**
 * Deletes an imported badge (irreversible; nobody is notified). The row goes first, so the image
 * is unreachable at once; removing the stored image may finish after the answer.
 */
export async function deleteHost(env: Env, id: string, accountId: string, waitUntil: (p: Promise<unknown>) => void) {
  const removed = await hostRepo(env.DB).remove(id, accountId);
  if (!removed) throw new AppError('E404101');
  if (removed.imageKey) waitUntil(env.BUCKET.delete(removed.imageKey));
}
