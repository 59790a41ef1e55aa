/**
 * A small per-isolate map whose entries expire after `ttl` ms; past `max` entries the oldest
 * written goes first. The verification caches (results, keys, revocation lists) are all this.
 */
export function ttlMap<V>(ttl: number, max: number) {
  const entries = new Map<string, { at: number; value: V }>();
  return {
    get(key: string, now: number): V | undefined {
      const hit = entries.get(key);
      return hit && now - hit.at < ttl ? hit.value : undefined;
    },
    set(key: string, value: V, now: number): void {
      entries.delete(key);
      entries.set(key, { at: now, value });
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
    },
    delete(key: string): void {
      entries.delete(key);
    },
  };
}

/** How long a verification's results and the documents behind them are kept per isolate. */
export const VERIFY_CACHE_MS = 60_000;
