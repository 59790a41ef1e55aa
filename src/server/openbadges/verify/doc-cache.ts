import { ttlMap, VERIFY_CACHE_MS } from '../../verdict/ttl-map';

/**
 * Documents of a signed badge's chain kept per isolate, so that verifying many badges of one issuer
 * does not fetch the same things again. Badge classes and issuer profiles are never kept: the
 * profile decides which keys count, and must be read fresh.
 * - Issuers' public keys (CryptographicKey): 10 minutes. Safe: a key counts only while the fresh
 *   profile lists it as the issuer's own, so a key withdrawn from the profile is obeyed at once;
 *   and a signature that fails with a kept key is tried once more with the key read again
 *   (`refresh`), so a key replaced at the same URL is obeyed at once too.
 * - Revocation lists: 60 seconds, the time a whole verification result is kept anyway, so a
 *   revocation shows within the same documented minute.
 */
export const KEY_CACHE_MS = 10 * 60_000;
export const LIST_CACHE_MS = VERIFY_CACHE_MS;
function docCache(ttl: number) {
  const docs = ttlMap<{ kind: string }>(ttl, 200);
  /** Reads past the cache and keeps what was read; a failure is tried again next time. */
  const refresh = async <D extends { kind: string }>(url: unknown, load: () => Promise<D>, now = Date.now()) => {
    const doc = await load();
    if (typeof url === 'string' && doc.kind === 'ok') docs.set(url, doc, now);
    return doc;
  };
  const cached = async <D extends { kind: string }>(url: unknown, load: () => Promise<D>, now = Date.now()) => {
    // One cache per kind of document, so what is kept under a URL is what load() gives.
    const hit = typeof url === 'string' ? (docs.get(url, now) as D | undefined) : undefined;
    return hit ?? refresh(url, load, now);
  };
  return Object.assign(cached, { refresh });
}

export const cachedKey = docCache(KEY_CACHE_MS);
export const cachedRevocationList = docCache(LIST_CACHE_MS);
