import type { JWK } from 'jose';
import type { EndorsementVerdict } from '../../verdict/present';

type Obj = Record<string, unknown>;

/**
 * What the OB 3.0 steps found (issue 21), each produced by one step and read by the ones after it:
 * the credential, how it came, and what each step found.
 */
export interface Ob3Facts {
  /** The credential: the JSON given or fetched, or the one a VC-JWT carries (read, not yet trusted). */
  readonly credential: Obj;
  /** The compact VC-JWT it came as, or null for a credential with embedded proofs. */
  readonly jwt: string | null;
  /** Where it was fetched (input by URL), else null. */
  readonly url: string | null;
  /** A VC-JWT's protected header once read (where its key is named), else null. */
  readonly jwtHeader: { kid?: string; jwk?: unknown } | null;
  /** A data-model check failed: nothing more is fetched for it (keys, status lists). */
  readonly broken: boolean;
  /** Documents the key resolution fetched (did:web DID documents), for the proof's loader. */
  readonly documents: ReadonlyMap<string, Obj>;
  /** A VC-JWT's key, once resolved. */
  readonly jwk: JWK | null;
  /** Set by resolveOb3Key when no key could be found (the proof check then skips). */
  readonly keyMissing: boolean;
  /** Who controls the key that verified: a DID or URL (the issuer's, checked by checkOb3KeyOwner). */
  readonly controller: string | null;
  /**
   * The verification method of the key that verified (a proof's, or a JWT's DID `kid`), or null for
   * a JWT key from its header or embedded profile: what checkOb3KeyOwner binds to the issuer.
   */
  readonly method: string | null;
  /**
   * How that key is tied to the issuer (binding.ts), once checkOb3KeyOwner ran: `published` by the
   * issuer at its id, or `self` (the key is the issuer's id itself: its name is the credential's
   * own claim, W003). Null until then, or when it is no key of the issuer's (E169).
   */
  readonly binding: 'published' | 'self' | null;
  /** True once a proof or the JWT signature verified. */
  readonly signed: boolean;
  /** Endorsements verified one level deep, never touching the four items. */
  readonly endorsements: readonly EndorsementVerdict[];
  /** Set when a status list says revoked or suspended. */
  readonly revoked: { reason: string | null } | null;
  /** The verified address it was awarded to. */
  readonly recipient: string | null;
}

export const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const str = (v: unknown) => (typeof v === 'string' ? v : null);
export const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

/** The facts before any step ran: the credential as detection read it. */
export function firstFacts(credential: Obj, jwt: string | null, url: string | null): Ob3Facts {
  return {
    credential,
    jwt,
    url,
    jwtHeader: null,
    broken: false,
    documents: new Map(),
    jwk: null,
    keyMissing: false,
    controller: null,
    method: null,
    binding: null,
    signed: false,
    endorsements: [],
    revoked: null,
    recipient: null,
  };
}

/** The issuer's id: `issuer` is a URI or a Profile with an id. */
export const issuerIdOf = (c: Obj): string | null => str(c['issuer']) ?? str(obj(c['issuer'])?.['id']);

/** The first subject (OB 3.0 has one; VC allows an array). */
export const subjectOf = (c: Obj): Obj | null => obj(list(c['credentialSubject'])[0]);

/** Issue and expiry dates: VC 2.0 validFrom/validUntil, VC 1.1 issuanceDate/expirationDate. */
export function datesOf(c: Obj): { issuedOn: unknown; expires: unknown } {
  return { issuedOn: c['validFrom'] ?? c['issuanceDate'], expires: c['validUntil'] ?? c['expirationDate'] };
}

const imageUrl = (v: unknown): unknown => (typeof v === 'string' ? v : (obj(v)?.['id'] ?? null));

/**
 * The achievement on the BadgeClass shape the wallet shows (shared contract of issue 21): id, name,
 * description, image (a URL string), criteria, tags, alignment, and the OB 3.0 extras as they are.
 */
export function badgeOf(c: Obj): Obj {
  const a = obj(subjectOf(c)?.['achievement']) ?? {};
  const { image, tag, alignment, ...rest } = a;
  return {
    ...rest,
    type: 'BadgeClass',
    id: a['id'] ?? null,
    name: str(a['name']) ?? str(c['name']),
    description: str(a['description']) ?? str(c['description']),
    image: imageUrl(image ?? c['image']),
    criteria: a['criteria'] ?? null,
    tags: list(tag),
    alignment: list(alignment),
  };
}

/** The issuer Profile on the shape the wallet shows: {id, name, url, email, image}. */
export function issuerOf(c: Obj): Obj {
  const p = obj(c['issuer']) ?? {};
  return {
    id: issuerIdOf(c),
    name: str(p['name']),
    url: str(p['url']),
    email: str(p['email']),
    image: imageUrl(p['image']),
  };
}

/** The credential's title for the report: the achievement's name, else the credential's. */
export const nameOf = (c: Obj): string | null => str(obj(subjectOf(c)?.['achievement'])?.['name']) ?? str(c['name']);

/**
 * A copy with every `proof` written as an array: JSON-LD reads one proof object as a one-element
 * set, but the 1EdTech schemas want the array (also inside embedded endorsements).
 */
export function proofsAsArrays(v: unknown, depth = 0): unknown {
  if (depth > 8 || !v || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => proofsAsArrays(x, depth + 1));
  const out: Obj = {};
  for (const [k, x] of Object.entries(v as Obj)) {
    out[k] = k === 'proof' && x && typeof x === 'object' && !Array.isArray(x) ? [x] : proofsAsArrays(x, depth + 1);
  }
  return out;
}
