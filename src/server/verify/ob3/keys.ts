import type { JWK } from 'jose';
import { fragmentKey } from '../../ob3/did/fragment';
import { resolveDidKey } from '../../ob3/did/key';
import { controllerDocument, didWebUrl, methodIn } from '../../ob3/did/web';
import { outboundPolicy } from '../../outbound/policy';
import type { VerifyContext } from '../context';
import { jwkOfMethod, okpJwk, sameKey } from './jwk';
import { issuerIdOf, list, obj, type Ob3State } from './state';

/** Why a key was not found: `unverifiable` when its document could not be reached now. */
export type KeyProblem = { detail: string; unverifiable: boolean };

/** Where did:web documents are read: Lanyard's own origin, test hosts over http, else https. */
function origins(ctx: VerifyContext) {
  return { own: ctx.env.PUBLIC_BASE_URL, httpHosts: outboundPolicy(ctx.env).allow };
}

/**
 * Reads a did:web DID document through the verifier's document source (own host from D1 or its own
 * origin, others through the outbound guard, SSRF-*) and keeps the method and its controller
 * document for the proof's loader. Null when found; otherwise why not.
 */
async function loadDidWeb(ctx: VerifyContext, s: Ob3State, methodId: string): Promise<KeyProblem | null> {
  const did = methodId.split('#')[0] as string;
  const url = didWebUrl(did, origins(ctx));
  if (!url) return { detail: `${did} is not a readable did:web`, unverifiable: false };
  const d = await ctx.src.get(url);
  if (d.kind !== 'ok') {
    // Not there now (offline, 5xx, 404): could not verify; refused by the guard or not JSON: invalid.
    return { detail: `${url}: ${d.kind}`, unverifiable: d.kind === 'unreachable' || d.kind === 'missing' };
  }
  const method = methodIn(d.doc, did, methodId);
  if (!method) return { detail: `${did} does not list ${methodId} for assertions`, unverifiable: false };
  s.documents.set(methodId, method);
  s.documents.set(did, controllerDocument(d.doc, did));
  return null;
}

/**
 * Finds the key one proof names (plan section 3, decision D1): did:key (read from the DID itself),
 * did:web (fetched), or 1EdTech's key in the fragment of the issuer's URL (self-asserted, accepted
 * when the URL before `#` is issuer.id). No scheme, another scheme or DID method: not found (E177).
 */
export async function findProofKey(ctx: VerifyContext, s: Ob3State, method: string): Promise<KeyProblem | null> {
  if (method.startsWith('did:key:')) {
    const r = resolveDidKey(method);
    return r.ok ? null : { detail: `${method}: ${r.error}`, unverifiable: false };
  }
  if (method.startsWith('did:web:')) return loadDidWeb(ctx, s, method);
  if (/^https?:\/\/[^#]+#./i.test(method)) {
    const r = fragmentKey(method, issuerIdOf(s.credential));
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
 * if listed, or the only one); else the `jwk` header. Sets `s.jwk` or returns why none was found.
 * Which key signs says nothing yet of who issued: checkOb3KeyOwner binds it to the issuer (a key
 * from the header or the embedded profile counts only where the issuer's own profile lists it).
 */
export async function findJwtKey(
  ctx: VerifyContext,
  s: Ob3State,
  header: { kid?: string; jwk?: unknown },
): Promise<KeyProblem | null> {
  const kid = header.kid;
  if (typeof kid === 'string' && kid.startsWith('did:key:')) {
    const r = resolveDidKey(kid);
    if (!r.ok) return { detail: `${kid}: ${r.error}`, unverifiable: false };
    s.jwk = okpJwk(r.value.publicKey);
    s.controller = r.value.did;
    s.method = kid;
    return null;
  }
  if (typeof kid === 'string' && kid.startsWith('did:web:')) {
    const problem = await loadDidWeb(ctx, s, kid);
    if (problem) return problem;
    s.jwk = jwkOfMethod(obj(s.documents.get(kid)));
    s.controller = kid.split('#')[0] as string;
    s.method = kid;
    return s.jwk ? null : { detail: `${kid} has no public key`, unverifiable: false };
  }
  const headerKey = obj(header.jwk) as JWK | null;
  const profile = obj(s.credential['issuer']);
  const listed = [...list(profile?.['publicKey']), ...list(profile?.['verificationMethod'])]
    .map((m) => jwkOfMethod(obj(m)))
    .filter((k): k is JWK => k !== null);
  // Keys the issuer's profile lists win over the header's: a header key it does not list is ignored
  // (JWS-03), so the signature is then checked with the listed key (E168 when it was another's).
  const chosen = listed.length
    ? (listed.find((k) => headerKey && sameKey(k, headerKey)) ?? (listed.length === 1 ? listed[0] : undefined))
    : (headerKey ?? undefined);
  if (chosen) {
    s.jwk = chosen;
    s.controller = issuerIdOf(s.credential);
    return null;
  }
  return { detail: kid ? `kid ${kid} names no key read here` : 'the JWT names no key', unverifiable: false };
}
