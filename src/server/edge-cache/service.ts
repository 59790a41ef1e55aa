import { edgeCacheRepo } from './repo';
import type { Dependency } from './targets';

/** How long a stored copy may live at most. Keys change with every edit, so this only bounds storage. */
export const MAX_STORE_SECONDS = 7 * 24 * 3600;

/** The generations part of a page's key ("site.own"), or null when its row does not exist. */
export function keyGenerations(d1: D1Database, dep: Dependency): Promise<string | null> {
  return edgeCacheRepo(d1).generations(dep);
}

/**
 * How long a page rendered now may be stored: until the first badge it shows expires (an expiry
 * is a change no write announces), at most MAX_STORE_SECONDS; 0 means do not store.
 */
export async function storeSeconds(d1: D1Database, dep: Dependency, now: number): Promise<number> {
  const expiry = await edgeCacheRepo(d1).nextExpiry(dep, now);
  if (expiry === null) return MAX_STORE_SECONDS;
  return Math.max(0, Math.min(MAX_STORE_SECONDS, Math.floor((expiry - now) / 1000)));
}
