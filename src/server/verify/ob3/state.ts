import type { JWK } from 'jose';

type Obj = Record<string, unknown>;

/** What the OB 3.0 checks share (issue 21): the credential, how it came, and what each step found. */
export interface Ob3State {
  /** The credential: the JSON given or fetched, or the one a VC-JWT carries (read, not yet trusted). */
  credential: Obj;
  /** The compact VC-JWT it came as, or null for a credential with embedded proofs. */
  jwt: string | null;
  /** Where it was fetched (input by URL), else null. */
  url: string | null;
  /** A data-model check failed: nothing more is fetched for it (keys, status lists). */
  broken: boolean;
  /** Documents the key resolution fetched (did:web DID documents), for the proof's loader. */
  documents: Map<string, Obj>;
  /** A VC-JWT's key, once resolved. */
  jwk: JWK | null;
  /** Set by resolveOb3Key when no key could be found (the proof check then skips). */
  keyMissing: boolean;
  /** Who controls the key that verified: a DID or URL (the issuer's, checked by checkOb3KeyOwner). */
  controller: string | null;
  /**
   * The verification method of the key that verified (a proof's, or a JWT's DID `kid`), or null for
   * a JWT key from its header or embedded profile: what checkOb3KeyOwner binds to the issuer.
   */
  method: string | null;
  /**
   * How that key is tied to the issuer (binding.ts), once checkOb3KeyOwner ran: `published` by the
   * issuer at its id, or `self` (the key is the issuer's id itself: its name is the credential's
   * own claim, W003). Null until then, or when it is no key of the issuer's (E169).
   */
  binding: 'published' | 'self' | null;
  /** True once a proof or the JWT signature verified. */
  signed: boolean;
  /** Endorsements verified one level deep, never touching the four items (name: the endorser's, as written). */
  endorsements: {
    id: string | null;
    name: string | null;
    state: 'valid' | 'invalid' | 'unverifiable';
    /** Valid, but signed by a key that is the endorser's id alone: its name is its own claim (issue 33). */
    claimed?: true;
  }[];
}

export const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const str = (v: unknown) => (typeof v === 'string' ? v : null);
export const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

export function newOb3State(credential: Obj, jwt: string | null, url: string | null): Ob3State {
  return {
    credential,
    jwt,
    url,
    broken: false,
    documents: new Map(),
    jwk: null,
    keyMissing: false,
    controller: null,
    method: null,
    binding: null,
    signed: false,
    endorsements: [],
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
