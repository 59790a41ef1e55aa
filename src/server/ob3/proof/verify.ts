import jsigs from 'jsonld-signatures';
import { ob3DocumentLoader, Refused, type LoaderOptions } from '../loader';
import { suiteNameOf, verifySuite, type SuiteName } from './suites';

/** Why a proof did not verify; the verify pipeline maps these onto the spec's codes. */
export type ProofFailure =
  | 'no-proof' // no proof object at all (E991)
  | 'malformed' // a proof that is not an object, or no verificationMethod (E991)
  | 'unsupported-suite' // a proof type / cryptosuite we do not verify (E991)
  | 'context-not-bundled' // the credential names a context we do not bundle: never fetched (E980)
  | 'json-ld-invalid' // safe-mode expansion fails: a term or type no context defines (E980)
  | 'key-unresolvable' // unknown scheme or DID method, not a URL, a key we cannot load (E177)
  | 'key-unsupported' // a key that is not an Ed25519 key, or a broken one (E177)
  | 'key-not-issuers' // a fragment key whose controller is not issuer.id (E168)
  | 'signature-invalid' // the key loaded, the signature does not match the contents: altered (E179)
  | 'proof-refused'; // the key not authorised for this purpose, or a timestamp out of range (E168)

export type ProofOutcome =
  { verified: true; controller: string | null } | { verified: false; reason: ProofFailure; detail: string };
export type ProofReport = {
  index: number;
  type: string | null;
  cryptosuite: string | null;
  verificationMethod: string | null;
  outcome: ProofOutcome;
};
export type Ob3ProofsResult = { verified: boolean; reason: ProofFailure | null; proofs: ProofReport[] };

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const fail = (reason: ProofFailure, detail: string): ProofOutcome => ({ verified: false, reason, detail });

/** Walks jsonld / jsonld-signatures' wrapped errors for the first one that matches. */
function findError<T extends object>(err: unknown, match: (e: object) => e is T, depth = 0): T | null {
  if (!err || typeof err !== 'object' || depth > 6) return null;
  if (match(err)) return err;
  const e = err as { errors?: unknown[]; cause?: unknown; details?: { cause?: unknown } };
  for (const inner of [...(e.errors ?? []), e.cause, e.details?.cause]) {
    const found = findError(inner, match, depth + 1);
    if (found) return found;
  }
  return null;
}
const isRefused = (e: object): e is Refused => e instanceof Refused;
// jsonld's safe mode (which the suites use) throws this for a term or @type no context defines.
const isSafeModeError = (e: object): e is Error => (e as { name?: unknown }).name === 'jsonld.ValidationError';
// jsonld-signatures' refusals of a proof whose signature is not in question: a key its controller
// does not authorise for assertions, a proof for another purpose, a timestamp out of range. Any
// other failure (the suites' "Invalid signature.", a proofValue that no longer decodes to a
// signature) means the signature does not match the credential.
const PURPOSE_REFUSAL = /not authorized by controller|No matching proofs found|timestamp is out of range/;
const isRefusal = (e: object): e is Error => PURPOSE_REFUSAL.test(String((e as { message?: unknown }).message));

const KEY_FAILURES: Record<string, ProofFailure> = {
  'key-unresolvable': 'key-unresolvable',
  'not-did-key': 'key-unresolvable',
  'not-a-url': 'key-unresolvable',
  'unknown-fragment': 'key-unresolvable',
  'bad-multibase': 'key-unsupported',
  'unsupported-key-type': 'key-unsupported',
  'bad-key-length': 'key-unsupported',
  'controller-not-issuer': 'key-not-issuers',
};

function reasonOf(err: unknown, method: string): ProofOutcome {
  const refused = findError(err, isRefused);
  const detail = String((refused ?? (err as Error | undefined))?.message ?? err).slice(0, 300);
  if (!refused) {
    if (findError(err, isSafeModeError)) return fail('json-ld-invalid', detail);
    return fail(findError(err, isRefusal) ? 'proof-refused' : 'signature-invalid', detail);
  }
  // The loader cannot tell a context from a key URL; the proof's method (or its controller) can.
  const isKey = refused.url === method || refused.url === method.split('#')[0];
  if (!isKey) return fail('context-not-bundled', detail);
  return fail(KEY_FAILURES[refused.why] ?? 'key-unresolvable', detail);
}

async function verifyOne(credential: Obj, proof: Obj, suite: SuiteName, options: LoaderOptions): Promise<ProofOutcome> {
  const method = str(proof['verificationMethod']);
  if (!method) return fail('malformed', 'no verificationMethod');
  const documentLoader = ob3DocumentLoader(options);
  try {
    const result = await jsigs.verify(
      { ...credential, proof },
      { suite: verifySuite(suite), purpose: new jsigs.purposes.AssertionProofPurpose(), documentLoader },
    );
    if (result.verified) {
      const first = (result.results?.[0] ?? {}) as { purposeResult?: { controller?: { id?: unknown } } };
      return { verified: true, controller: str(first.purposeResult?.controller?.id) };
    }
    const first = (result.results?.[0] ?? {}) as { error?: unknown };
    return reasonOf(first.error ?? result.error, method);
  } catch (err) {
    return reasonOf(err, method);
  }
}

/**
 * Verifies every embedded proof of an OB 3.0 credential on its own (so a credential with several is
 * reported per proof). Only the proofs: dates, status, schema and whether the key belongs to the
 * issuer (beyond the fragment rule) are separate checks. Never throws.
 */
export async function verifyOb3Proofs(credential: unknown, options: LoaderOptions = {}): Promise<Ob3ProofsResult> {
  if (!credential || typeof credential !== 'object' || Array.isArray(credential)) {
    return { verified: false, reason: 'malformed', proofs: [] };
  }
  const { proof, ...rest } = credential as Obj;
  const list = proof === undefined || proof === null ? [] : Array.isArray(proof) ? proof : [proof];
  if (list.length === 0) return { verified: false, reason: 'no-proof', proofs: [] };
  const issuer = rest['issuer'];
  const issuerId = str(issuer) ?? str((issuer as Obj | null)?.['id']);
  const proofs: ProofReport[] = [];
  for (const [index, p] of list.entries()) {
    const obj = p && typeof p === 'object' && !Array.isArray(p) ? (p as Obj) : null;
    const suite = obj ? suiteNameOf(obj) : null;
    const outcome = !obj
      ? fail('malformed', 'proof is not an object')
      : !suite
        ? fail('unsupported-suite', `${String(obj['type'])}/${String(obj['cryptosuite'] ?? '')}`)
        : await verifyOne(rest, obj, suite, { ...options, issuerId });
    proofs.push({
      index,
      type: str(obj?.['type']),
      cryptosuite: str(obj?.['cryptosuite']),
      verificationMethod: str(obj?.['verificationMethod']),
      outcome,
    });
  }
  return summarise(proofs);
}

/** Valid when at least one proof verified and every other one verified or is of a suite we skip. */
function summarise(proofs: ProofReport[]): Ob3ProofsResult {
  const failed = proofs.find((p) => !p.outcome.verified && p.outcome.reason !== 'unsupported-suite');
  const anyVerified = proofs.some((p) => p.outcome.verified);
  const firstReason = (p: ProofReport | undefined) => (p && !p.outcome.verified ? p.outcome.reason : null);
  if (failed) return { verified: false, reason: firstReason(failed), proofs };
  return anyVerified
    ? { verified: true, reason: null, proofs }
    : { verified: false, reason: firstReason(proofs[0]), proofs };
}
