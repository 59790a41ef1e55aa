import type { JWK } from 'jose';
import { fragmentKey } from '../did/fragment';
import { resolveDidKey } from '../did/key';
import { controllerDocument, didWebUrl, methodIn } from '../did/web';
import { outboundPolicy } from '../../outbound/policy';
import type { KeyDeps } from './deps';
import { jwkOfMethod, okpJwk, sameKey } from './jwk';
import { issuerIdOf, list, obj } from './facts';

/** Why a key was not found: `unverifiable` when its document could not be reached now. */
export type KeyProblem = { detail: string; unverifiable: boolean };

type Obj = Record<string, unknown>;

/**
 * The documents one key resolution read (did:web methods and their controller documents), for the
 * proof's loader: a map made by the step that resolves, and returned as what it produced.
 */
export type KeyDocuments = Map<string, Obj>;

/** A VC-JWT's key as found: the JWK, who controls it, and its method id when it has one. */
export interface JwtKey {
  jwk: JWK;
  controller: string | null;
  method: string | null;
}

/** Where did:web documents are read: Lanyard's own origin, test hosts over http, else https. */
function origins(deps: KeyDeps) {
  return { own: deps.env.PUBLIC_BASE_URL, httpHosts: outboundPolicy(deps.env).allow };
}

/**
 * Reads a did:web DID document through the verifier's document source (own host from D1 or its own
 * origin, others through the outbound guard, SSRF-*) and keeps the method and its controller
 * document in `docs` for the proof's loader. Null when found; otherwise why not.
 */
async function loadDidWeb(deps: KeyDeps, docs: KeyDocuments, methodId: string): Promise<KeyProblem | null> {
  const did = methodId.split('#')[0] as string;
  const url = didWebUrl(did, origins(deps));
  if (!url) return { detail: `${did} is not a readable did:web`, unverifiable: false };
  const d = await deps.src.get(url);
  if (d.kind !== 'ok') {
    // Not there now (offline, 5xx, 404): could not verify; refused by the guard or not JSON: invalid.
    return { detail: `${url}: ${d.kind}`, unverifiable: d.kind === 'unreachable' || d.kind === 'missing' };
  }
  const method = methodIn(d.doc, did, methodId);
  if (!method) return { detail: `${did} does not list ${methodId} for assertions`, unverifiable: false };
  docs.set(methodId, method);
  docs.set(did, controllerDocument(d.doc, did));
  return null;
}

/**
 * Finds the key one proof names (plan section 3, decision D1): did:key (read from the DID itself),
 * did:web (fetched), or 1EdTech's key in the fragment of the issuer's URL (self-asserted, accepted
 * when the URL before `#` is issuer.id). No scheme, another scheme or DID method: not found (E177).
 */
export async function findProofKey(
  deps: KeyDeps,
  docs: KeyDocuments,
  issuerId: string | null,
  method: string,
): Promise<KeyProblem | null> {
  if (method.startsWith('did:key:')) {
    const r = resolveDidKey(method);
    return r.ok ? null : { detail: `${method}: ${r.error}`, unverifiable: false };
  }
  if (method.startsWith('did:web:')) return loadDidWeb(deps, docs, method);
  if (/^https?:\/\/[^#]+#./i.test(method)) {
    const r = fragmentKey(method, issuerId);
    // A key that is not the issuer's is found but refused: that is the proof check's E168.
    return r.ok || r.error === 'controller-not-issuer'
      ? null
      : { detail: `${method}: ${r.error}`, unverifiable: false };
  }
  return { detail: `${method}: no key can be read from this verification method`, unverifiable: false };
}

/**
 * A VC-JWT's key (decision D1): a `kid` that is a did:key or did:web key; else a key the embedded
 * issuer profile lists (`publicKey`/`verificationMethod` with publicKeyJwk or multibase: the header's
 * if listed, or the only one); else the `jwk` header. The key found, or why none was.
 * Which key signs says nothing yet of who issued: checkOb3KeyOwner binds it to the issuer (a key
 * from the header or the embedded profile counts only where the issuer's own profile lists it).
 */
export async function findJwtKey(
  deps: KeyDeps,
  docs: KeyDocuments,
  credential: Obj,
  header: { kid?: string; jwk?: unknown },
): Promise<{ key: JwtKey } | { problem: KeyProblem }> {
  const kid = header.kid;
  const problem = (detail: string, unverifiable = false) => ({ problem: { detail, unverifiable } });
  if (typeof kid === 'string' && kid.startsWith('did:key:')) {
    const r = resolveDidKey(kid);
    if (!r.ok) return problem(`${kid}: ${r.error}`);
    return { key: { jwk: okpJwk(r.value.publicKey), controller: r.value.did, method: kid } };
  }
  if (typeof kid === 'string' && kid.startsWith('did:web:')) {
    const missing = await loadDidWeb(deps, docs, kid);
    if (missing) return { problem: missing };
    const jwk = jwkOfMethod(obj(docs.get(kid)));
    return jwk
      ? { key: { jwk, controller: kid.split('#')[0] as string, method: kid } }
      : problem(`${kid} has no public key`);
  }
  const headerKey = obj(header.jwk) as JWK | null;
  const profile = obj(credential['issuer']);
  const listed = [...list(profile?.['publicKey']), ...list(profile?.['verificationMethod'])]
    .map((m) => jwkOfMethod(obj(m)))
    .filter((k): k is JWK => k !== null);
  // Keys the issuer's profile lists win over the header's: a header key it does not list is ignored
  // (JWS-03), so the signature is then checked with the listed key (E168 when it was another's).
  const chosen = listed.length
    ? (listed.find((k) => headerKey && sameKey(k, headerKey)) ?? (listed.length === 1 ? listed[0] : undefined))
    : (headerKey ?? undefined);
  if (chosen) return { key: { jwk: chosen, controller: issuerIdOf(credential), method: null } };
  return problem(kid ? `kid ${kid} names no key read here` : 'the JWT names no key');
}
