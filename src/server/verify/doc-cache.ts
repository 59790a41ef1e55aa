import { VERIFY_CACHE_MS } from './cache';
import { ttlMap } from './ttl-map';

/**
 * Documents of a signed badge's chain kept per isolate, so that verifying many badges of one issuer
 * does not fetch the same things again. Badge classes and issuer profiles are never kept: the
 * profile decides which keys count, and must be read fresh.
 * - Issuers' public keys (CryptographicKey): 10 minutes. Safe: a key counts only while the fresh
 *   profile lists it as the issuer's own, so a key withdrawn from the profile is obeyed at once.
 * - Revocation lists: 60 seconds, the time a whole verification result is kept anyway, so a
 *   revocation shows within the same documented minute.
 */
export const KEY_CACHE_MS = 10 * 60_000;
export const LIST_CACHE_MS = VERIFY_CACHE_MS;
function docCache(ttl: number) {
  const docs = ttlMap<{ kind: string }>(ttl, 200);
  return async <D extends { kind: string }>(url: unknown, load: () => Promise<D>, now = Date.now()): Promise<D> => {
    if (typeof url !== 'string') return load();
    // One cache per kind of document, so what is kept under a URL is what load() gives.
    const hit = docs.get(url, now) as D | undefined;
    if (hit) return hit;
    const doc = await load();
    // Only documents that were read: a failure is tried again next time.
    if (doc.kind === 'ok') docs.set(url, doc, now);
    return doc;
  };
}

export const cachedKey = docCache(KEY_CACHE_MS);
export const cachedRevocationList = docCache(LIST_CACHE_MS);
