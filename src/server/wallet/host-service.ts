import { isPublicHost } from '../db/visibility';
import { AppError } from '../errors';
import { commitWithJobs } from '../outbox/commit';
import type { OutboxJob } from '../outbox/jobs';
import { hostRepo, type HostRow } from './host-repo';

/** The owner's imported badge, or 404 for anyone else (AZ-01). */
export async function ownedHost(d1: D1Database, id: string, accountId: string): Promise<HostRow> {
  const row = await hostRepo(d1).owned(id, accountId);
  if (!row) throw new AppError('E404101');
  return row;
}

/** The owner's imported badge with the credential as received (its download), or 404 (AZ-01). */
export async function ownedHostCredential(d1: D1Database, id: string, accountId: string) {
  const row = await hostRepo(d1).ownedCredential(id, accountId);
  if (!row) throw new AppError('E404101');
  return row;
}

/** An imported badge as the public sees it (db/visibility.ts), else null. */
export async function findPublicHost(d1: D1Database, id: string): Promise<HostRow | null> {
  const row = await hostRepo(d1).byId(id);
  return row && isPublicHost(row) ? row : null;
}

/** The public imported badge for the API, or "private or deleted" (E404104). */
export async function publicHost(d1: D1Database, id: string): Promise<HostRow> {
  const row = await findPublicHost(d1, id);
  if (!row) throw new AppError('E404104');
  return row;
}

/** Whoever may see the image: anyone while the badge is public, else only the owner. */
export async function visibleHost(d1: D1Database, id: string, accountId: string | null) {
  const row = await hostRepo(d1).byId(id);
  if (!row || (!isPublicHost(row) && row.accountId !== accountId)) throw new AppError('E404101');
  return row;
}

export async function setHostPublic(d1: D1Database, id: string, accountId: string, isPublic: boolean, now: number) {
  if ((await hostRepo(d1).setPublic(id, accountId, isPublic, now)) === 1) return;
  await ownedHost(d1, id, accountId);
  throw new AppError('E409105');
}

/**
 * Deletes an imported badge (irreversible; nobody is notified). The row goes at once, so the image
 * is unreachable; the stored image is removed by an outbox job written in the same batch.
 */
export async function deleteHost(env: Env, id: string, accountId: string) {
  const repo = hostRepo(env.DB);
  const found = await repo.ownedImage(id, accountId);
  if (!found) throw new AppError('E404101');
  const jobs: OutboxJob[] = found.imageKey ? [{ kind: 'delete_objects', payload: { keys: [found.imageKey] } }] : [];
  const [removed] = await commitWithJobs(env, [repo.remove(id, accountId)], jobs);
  // A parallel delete won: the row was gone already (removing its image twice is harmless).
  if (removed?.results.length !== 1) throw new AppError('E404101');
}
