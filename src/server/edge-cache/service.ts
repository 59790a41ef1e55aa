import { maintenanceNoticeVisible } from '../../lib/maintenance';
import { currentWindow } from '../maintenance/window';
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
  // The footer's copyright year changes at the turn of the (UTC) year.
  const newYear = Date.UTC(new Date(now).getUTCFullYear() + 1, 0, 1);
  const until = Math.min(expiry ?? Infinity, newYear);
  return Math.max(0, Math.min(MAX_STORE_SECONDS, Math.floor((until - now) / 1000)));
}

/**
 * The part of the key that follows the deploy, the clock and the settings rather than the data:
 * which build rendered it, and the maintenance notice: every page shows it from a month before the operator's window until its spare day ends,
 * so while it shows the key holds the window's setting, and it changes when the notice comes or goes.
 */
export function pageVariant(env: VariantEnv, now: number): string {
  const visible = maintenanceNoticeVisible(currentWindow(env), now);
  const notice = visible ? encodeURIComponent(String(env.MAINTENANCE_WINDOW ?? '')) : '0';
  // The deployed version (wrangler.toml [version_metadata]): a page names its build's hashed assets.
  const version = env.CF_VERSION_METADATA?.id ?? 'none';
  return `${encodeURIComponent(version)}.${notice}`;
}

/** What the key's variant reads from the Worker's settings. */
export type VariantEnv = Pick<Env, 'MAINTENANCE_WINDOW'> & Partial<Pick<Env, 'CF_VERSION_METADATA'>>;
