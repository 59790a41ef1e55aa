import { looksLikeJws } from '../openbadges/verify/jws-parse';
import { obVersionOf } from '../ld/contexts';
import { BadJson, parseBadgeJson } from '../verdict/safe-json';

type Obj = Record<string, unknown>;

/** What a credential is: Open Badges 2.0 (or older), Open Badges 3.0, Blockcerts, or none of these. */
export type Format = 'ob2' | 'ob3' | 'blockcerts' | 'unknown';

const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const strings = (v: unknown) => listOf(v).filter((x): x is string => typeof x === 'string');

const BLOCKCERTS_CONTEXT = /^https?:\/\/(?:w3id\.org\/blockcerts\/|www\.blockcerts\.org\/schema\/)/i;
const BLOCKCERTS_PROOFS = ['MerkleProof2019', 'MerkleProof2017', 'ChainpointSHA256v2'];
const VC_CONTEXT = /^https?:\/\/(?:www\.w3\.org\/2018\/credentials\/v1|www\.w3\.org\/ns\/credentials\/v2)$/i;
const OB3_CONTEXT = /^https?:\/\/purl\.imsglobal\.org\/spec\/ob\/v3p0\//i;
const OB3_TYPES = ['OpenBadgeCredential', 'AchievementCredential', 'EndorsementCredential'];
/** Properties only an Open Badges 0.5-1.1 document without a context has. */
const LEGACY_KEYS = ['recipient', 'badge', 'verify', 'uid', 'assertion'];

/**
 * Tells from the JSON alone, before anything is fetched, what a credential is. Blockcerts come
 * first: their 2.0 certificates also name the Open Badges v2 context, and their 3.0 ones the VC
 * context. A document with Open Badges contexts (or inline ones, which JSON-LD reading decides
 * on), or without any context but with the properties of a 1.x badge, is read on as Open Badges.
 */
export function formatOf(doc: Obj): Format {
  const contexts = listOf(doc['@context']);
  const named = strings(doc['@context']);
  const proofs = [...listOf(doc['proof']), ...listOf(doc['signature'])].flatMap((p) =>
    p && typeof p === 'object' ? strings((p as Obj)['type']) : [],
  );
  if (named.some((c) => BLOCKCERTS_CONTEXT.test(c)) || proofs.some((t) => BLOCKCERTS_PROOFS.includes(t)))
    return 'blockcerts';
  if (
    named.some((c) => VC_CONTEXT.test(c) || OB3_CONTEXT.test(c)) ||
    strings(doc['type']).some((t) => OB3_TYPES.includes(t))
  )
    return 'ob3';
  if (named.some((c) => obVersionOf(c) !== null)) return 'ob2';
  if (contexts.length === 0) return LEGACY_KEYS.some((k) => k in doc) ? 'ob2' : 'unknown';
  return contexts.some((c) => c && typeof c === 'object') ? 'ob2' : 'unknown';
}

/**
 * The claims of a compact JWS or JWT, read without checking anything (only to tell what it is): a
 * VC-JWT carries its credential in `vc`, or is the credential itself (VC 2.0 over JOSE).
 */
export function claimsOf(text: string): Obj | null {
  if (!looksLikeJws(text)) return null;
  const payload = text.trim().split('.')[1] ?? '';
  try {
    const bytes = Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    return parseBadgeJson(new TextDecoder().decode(bytes));
  } catch (err) {
    if (err instanceof BadJson || err instanceof DOMException) return null;
    throw err;
  }
}

/** What a compact JWS holds: a VC-JWT's credential, or an Open Badges 2.0 signed assertion. */
export function formatOfJws(text: string): Format | null {
  const claims = claimsOf(text);
  if (!claims) return null;
  const vc = claims['vc'];
  if (vc && typeof vc === 'object' && !Array.isArray(vc)) {
    const f = formatOf(vc as Obj);
    // A JWT that carries a credential is a verifiable credential, whatever else it says.
    return f === 'ob2' || f === 'unknown' ? 'ob3' : f;
  }
  return formatOf(claims);
}
