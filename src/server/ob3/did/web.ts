type Obj = Record<string, unknown>;

/** Where did:web documents may be read from, besides https on the public internet. */
export interface DidWebOrigins {
  /** Lanyard's own origin (PUBLIC_BASE_URL): its own DIDs resolve there, plain http in dev and tests. */
  own: string;
  /** host:port pairs the outbound test allow list opens (never in production): read over http. */
  httpHosts: ReadonlySet<string>;
}

/**
 * The URL of a did:web DID document (did:web method spec §3.2): `did:web:host%3Aport:a:b` is
 * `https://host:port/a/b/did.json`, a DID of the host alone `…/.well-known/did.json`. Lanyard's own
 * host resolves through its own origin and a test host over http; anything else only over https.
 * Null for a DID that is not a readable did:web (query, empty parts, a host with a path or userinfo).
 */
export function didWebUrl(did: string, origins: DidWebOrigins): string | null {
  const m = /^did:web:([^#?/]+)$/.exec(did);
  if (!m?.[1]) return null;
  const parts = m[1].split(':');
  let host: string;
  let path: string[];
  try {
    host = decodeURIComponent(parts[0] as string).toLowerCase();
    path = parts.slice(1).map((p) => decodeURIComponent(p));
  } catch {
    return null;
  }
  if (!/^[a-z0-9.-]+(?::\d{1,5})?$/.test(host) || path.some((p) => p === '' || /[/?#\\]/.test(p) || p === '..'))
    return null;
  const own = new URL(origins.own);
  const scheme = host === own.host ? own.protocol.slice(0, -1) : origins.httpHosts.has(host) ? 'http' : 'https';
  const rest = path.length ? `${path.map(encodeURIComponent).join('/')}/did.json` : '.well-known/did.json';
  return `${scheme}://${host}/${rest}`;
}

const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

/** An id written relative to its DID document (`#key-1`), made absolute. */
const absolute = (id: unknown, did: string) => (typeof id === 'string' && id.startsWith('#') ? did + id : id);

/**
 * A verification method of a fetched DID document, with the document's context so the proof suites
 * can read it; null when the document is not the DID's (its id differs), does not list the method,
 * or does not name it for assertions (assertionMethod).
 */
export function methodIn(doc: Obj, did: string, methodId: string): Obj | null {
  if (doc['id'] !== did) return null;
  const methods = [...list(doc['verificationMethod']), ...list(doc['assertionMethod'])];
  const found = methods.find((m) => m && typeof m === 'object' && absolute((m as Obj)['id'], did) === methodId);
  const asserted = list(doc['assertionMethod']).some(
    (m) => absolute(typeof m === 'string' ? m : (m as Obj | null)?.['id'], did) === methodId,
  );
  if (!found || !asserted) return null;
  const method = found as Obj;
  if ((method['controller'] ?? did) !== did) return null;
  return { '@context': doc['@context'], ...method, id: methodId, controller: did };
}

/** The DID document as the suites' purpose check reads it: ids absolute, assertion methods by id. */
export function controllerDocument(doc: Obj, did: string): Obj {
  const ids = (v: unknown) => list(v).map((m) => absolute(typeof m === 'string' ? m : (m as Obj | null)?.['id'], did));
  return { '@context': doc['@context'], id: did, assertionMethod: ids(doc['assertionMethod']) };
}
