import type { VerifyCode } from '../verdict/codes';
import type { Detected } from '../verdict/detected';
import type { CheckResult } from '../verdict/report';
import type { DocSource, VerifyInput } from '../verdict/source';
import { fail, PASS, resultOf, SKIP, type Finding } from '../verdict/step';
import { BadJson, parseBadgeJson } from '../verdict/safe-json';
import { obVersionOf } from '../ld/contexts';
import { hostedAddress } from '../openbadges/verify/hosted-address';
import { looksLikeJws } from '../openbadges/verify/jws-parse';

type Obj = Record<string, unknown>;

/**
 * What a credential is: Open Badges 2.0 (or older), Open Badges 3.0, a CLR 2.0 learner record
 * (issue 38), Blockcerts, or none of these.
 */
export type Format = 'ob2' | 'ob3' | 'clr' | 'blockcerts' | 'unknown';

const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const strings = (v: unknown) => listOf(v).filter((x): x is string => typeof x === 'string');

const BLOCKCERTS_CONTEXT = /^https?:\/\/(?:w3id\.org\/blockcerts\/|www\.blockcerts\.org\/schema\/)/i;
const BLOCKCERTS_PROOFS = ['MerkleProof2019', 'MerkleProof2017', 'ChainpointSHA256v2'];
const VC_CONTEXT = /^https?:\/\/(?:www\.w3\.org\/2018\/credentials\/v1|www\.w3\.org\/ns\/credentials\/v2)$/i;
const OB3_CONTEXT = /^https?:\/\/purl\.imsglobal\.org\/spec\/ob\/v3p0\//i;
const OB3_TYPES = ['OpenBadgeCredential', 'AchievementCredential', 'EndorsementCredential'];
const CLR_CONTEXT = /^https?:\/\/purl\.imsglobal\.org\/spec\/clr\/v2p0\//i;
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
  // A CLR is built on OB 3.0 and names its contexts too: its own type (or context, when no OB 3.0
  // type says otherwise) decides first.
  const types = strings(doc['type']);
  if (
    types.includes('ClrCredential') ||
    (named.some((c) => CLR_CONTEXT.test(c)) && !types.some((t) => OB3_TYPES.includes(t)))
  )
    return 'clr';
  if (named.some((c) => VC_CONTEXT.test(c) || OB3_CONTEXT.test(c)) || types.some((t) => OB3_TYPES.includes(t)))
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
export function formatOfJws(text: string, read?: Obj): Format | null {
  // Read already by whoever found it (a PDF's attachment), or read here.
  const claims = read ?? claimsOf(text);
  if (!claims) return null;
  const vc = claims['vc'];
  if (vc && typeof vc === 'object' && !Array.isArray(vc)) {
    const f = formatOf(vc as Obj);
    // A JWT that carries a credential is a verifiable credential, whatever else it says.
    return f === 'ob2' || f === 'unknown' ? 'ob3' : f;
  }
  return formatOf(claims);
}

/** The answer for a credential this verifier does not verify: its own code (verdict/codes.ts). */
const REFUSED: Record<Exclude<Format, 'ob2' | 'clr'>, VerifyCode> = {
  ob3: 'E991',
  blockcerts: 'E992',
  unknown: 'E993',
};

/** Detection's own lines: reading what was given, and what is at its address. */
const DETECT = { name: 'detectFormat', group: 'credential' } as const;
const FETCH = { name: 'fetchAssertion', group: 'credential' } as const;

/** The two report lines detection owns: what was given, and what was found at its address. */
const lines = (given: Finding, fetched: Finding): CheckResult[] => [resultOf(DETECT, given), resultOf(FETCH, fetched)];

/** Refused as given (before anything was fetched), or for what was found at its address. */
const refused = (format: Exclude<Format, 'ob2' | 'clr'>, given: Finding | null): Detected => ({
  format: 'refused',
  lines: given ? lines(given, fail(REFUSED[format])) : lines(fail(REFUSED[format]), SKIP),
});

/**
 * What the document at a hosted address is. A Blockcerts credential there (an AssertionBC, say) or
 * an OB 3.0 one (JSON, or a compact VC-JWT) proves itself by its proof, not its address; something
 * that is no badge at all gets its own answer; anything else (an OB 2.0 assertion, or what could
 * not be read there) is the OB 2.0 hosted rules' to judge.
 */
async function atAddress(src: DocSource, input: VerifyInput, url: string | null, given: Finding): Promise<Detected> {
  const d = url && /^https?:/i.test(url) ? await src.get(url) : null;
  const fetched = (format: Detected) => ({ ...format, lines: lines(given, PASS) });
  if (d?.kind === 'unreadable' && d.jwt) {
    const format = formatOfJws(d.jwt);
    if (format === 'ob3' || format === 'clr')
      return fetched({ format, credential: null, jwt: d.jwt, url: d.url, lines: [] });
  }
  if (d?.kind === 'unreadable') return refused('unknown', given);
  if (d?.kind === 'ok') {
    const format = formatOf(d.doc);
    if (format === 'blockcerts') return fetched({ format, doc: d.doc, lines: [] });
    if (format === 'ob3' || format === 'clr')
      return fetched({ format, credential: d.doc, jwt: null, url: d.url, lines: [] });
    if (format !== 'ob2') return refused(format, given);
  }
  return { format: 'ob2', input, fetched: d, lines: [resultOf(DETECT, given)] };
}

/**
 * What was given, decided once per verification (issue 36). A Blockcerts credential given as JSON
 * goes to the Blockcerts steps, an OB 3.0 credential (JSON or a VC-JWT) to the OB 3.0 ones, a CLR
 * 2.0 record to the CLR ones (their `id` is never fetched: the credential proves itself); a
 * Blockcerts certificate in another form, or JSON that is no badge at all, gets its own answer. A
 * URL, or an OB 2.0 assertion's hosted address, is read first: the copy there decides (HV-04), and
 * OB 2.0's fetchAssertion step judges it.
 */
export async function detect(input: VerifyInput, src: DocSource): Promise<Detected> {
  if (input.kind === 'url') return atAddress(src, input, input.url, SKIP);
  // A JWS whose payload cannot be read at all is readSignedAssertion's to refuse.
  const format = input.kind === 'json' ? formatOf(input.doc) : formatOfJws(input.text, input.claims);
  if (format === 'blockcerts' && input.kind === 'json') return { format, doc: input.doc, lines: lines(PASS, SKIP) };
  if (format === 'ob3' || format === 'clr')
    return input.kind === 'json'
      ? { format, credential: input.doc, jwt: null, url: null, lines: lines(PASS, SKIP) }
      : { format, credential: null, jwt: input.text, url: null, lines: lines(PASS, SKIP) };
  if (format !== null && format !== 'ob2') return refused(format, null);
  if (input.kind === 'jws') return { format: 'ob2', input, fetched: null, lines: [resultOf(DETECT, PASS)] };
  return atAddress(src, input, hostedAddress(input.doc), PASS);
}
