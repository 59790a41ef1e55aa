import type { JWK } from 'jose';
import { fragmentKey } from '../did/fragment';
import { resolveDidKey } from '../did/key';
import type { DocSource } from '../../verdict/source';
import { jwkOfMethod, okpJwk, sameKey } from './jwk';
import { list, obj } from './facts';

type Obj = Record<string, unknown>;

/**
 * How the key that verified is tied to the issuer the credential names (issue 33, item 1):
 * - `published`: the issuer publishes it at its own id: its did:web DID document lists it, or its
 *   profile read at its https id lists it. The issuer is proven.
 * - `self`: the key and the issuer's id are one, so only the key's holder can issue as that id, but
 *   nothing proves who that is: the issuer is that very did:key, or 1EdTech's convention of the key
 *   written into the issuer's URL (`https://issuer.example/1#z6Mk…`) with no profile at that URL
 *   saying otherwise. The name the credential gives is its own claim (W003).
 * - `unbound`: anyone's key (a did:key, a JWT header key) for an issuer it does not belong to: E169,
 *   or could not verify now when the profile that might list it was out of reach.
 */
export type Binding = { kind: 'published' } | { kind: 'self' } | { kind: 'unbound'; unverifiable: boolean };

/** The key that verified: its verification method id (a proof's, or a JWT's DID `kid`) and its JWK. */
export interface SigningKey {
  method: string | null;
  jwk: JWK | null;
}

/** This Worker's origin, where the verifier runs (its issuers' keys are did:web keys only). */
export const ownOrigin = (deps: { env: { PUBLIC_BASE_URL: string } }) => new URL(deps.env.PUBLIC_BASE_URL).origin;

const PUBLISHED: Binding = { kind: 'published' };
const SELF: Binding = { kind: 'self' };
const unbound = (unverifiable = false): Binding => ({ kind: 'unbound', unverifiable });

/** The JWK of a method id that carries its key (did:key, or a key in an issuer URL's fragment). */
function jwkOfMethodId(method: string, issuerId: string): JWK | null {
  if (method.startsWith('did:key:')) {
    const r = resolveDidKey(method);
    return r.ok ? okpJwk(r.value.publicKey) : null;
  }
  const r = fragmentKey(method, issuerId);
  return r.ok && r.value.publicKey.length === 32 ? okpJwk(r.value.publicKey) : null;
}

/**
 * What the issuer's own profile, read at its https id, says of the key: `listed`, `not-listed` (a
 * profile of that id that does not list it), or `none` (no profile there: missing, not JSON, another
 * id, or one reached only through a redirect, whose target the issuer id does not name) or
 * `unreachable` now. Keys are matched by method id or by key material.
 */
async function profileSays(
  src: DocSource,
  issuerId: string,
  key: SigningKey,
): Promise<'listed' | 'not-listed' | 'none' | 'unreachable'> {
  const d = await src.get(issuerId);
  if (d.kind === 'unreachable') return 'unreachable';
  if (d.kind !== 'ok' || d.url !== issuerId || d.doc['id'] !== issuerId) return 'none';
  const methods = ['publicKey', 'verificationMethod', 'assertionMethod'].flatMap((p) => list(d.doc[p]));
  const material = key.jwk ?? (key.method ? jwkOfMethodId(key.method, issuerId) : null);
  const listed = methods.some((m) => {
    const id = typeof m === 'string' ? m : obj(m)?.['id'];
    if (key.method && id === key.method) return true;
    const jwk = jwkOfMethod(obj(m) as Obj | null);
    return jwk !== null && material !== null && sameKey(jwk, material);
  });
  return listed ? 'listed' : 'not-listed';
}

/**
 * Whether `key` is bound to the issuer id `issuerId` (see Binding). `ownOrigin`: this Worker's, whose
 * issuers sign only with their did:web keys, so a key written into one of its URLs is never theirs.
 */
export async function bindKey(
  src: DocSource,
  ownOrigin: string,
  issuerId: string | null,
  key: SigningKey,
): Promise<Binding> {
  if (!issuerId) return unbound();
  const method = key.method;
  const did = method?.startsWith('did:') ? method.split('#')[0] : null;
  if (did === issuerId) return method?.startsWith('did:key:') ? SELF : PUBLISHED;
  if (issuerId.startsWith('did:key:') && !method) {
    // A JWT header key for a did:key issuer: bound when it is that DID's key.
    const own = jwkOfMethodId(issuerId, issuerId);
    return own && key.jwk && sameKey(own, key.jwk) ? SELF : unbound();
  }
  if (!/^https?:\/\//i.test(issuerId)) return unbound();
  // An https issuer: any key (a DID's, a header's, one in its URL's fragment) counts where its profile lists it.
  const says = await profileSays(src, issuerId, key);
  if (says === 'listed') return PUBLISHED;
  if (says === 'unreachable') return unbound(true);
  if (says === 'not-listed') return unbound();
  // No profile at the id: only 1EdTech's key-in-the-issuer-URL form stands, as the issuer's own
  // claim; never on this Worker's own origin, whose issuers publish their keys.
  const fragment = !did && method !== null && method.split('#')[0] === issuerId;
  return fragment && new URL(issuerId).origin !== ownOrigin ? SELF : unbound();
}
