import { commitWithJobs } from '../outbox/commit';
import { exportRepo } from './repo';

/** How many expired exports one nightly run clears (the rest wait for the next night). */
const PURGE_LIMIT = 200;

/**
 * Removes the ZIPs of exports past their seven days: the link already refuses them (E410170); this
 * reclaims the storage. The rows forget their object and the deletion is queued in one batch, so a
 * ZIP is deleted exactly when no row points to it any more.
 */
export async function purgeExpiredExports(env: Env, now = Date.now()): Promise<number> {
  const repo = exportRepo(env.DB);
  const expired = await repo.expiredWithObject(now, PURGE_LIMIT);
  if (expired.length === 0) return 0;
  await commitWithJobs(
    env,
    expired.map((e) => repo.forgetObject(e.id)),
    [{ kind: 'delete_objects', payload: { keys: expired.map((e) => e.r2Key) } }],
    now,
  );
  return expired.length;
}
