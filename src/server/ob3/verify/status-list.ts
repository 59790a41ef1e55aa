import { verifyOb3Proofs } from '../proof/verify';
import { checkOb3Status, statusListUrl, type Ob3StatusResult } from '../status';
import type { KeyDeps } from './deps';
import { findProofKey, type KeyDocuments } from './keys';
import { issuerIdOf, list, obj } from './facts';

type Obj = Record<string, unknown>;

/**
 * The outcome of one status entry: `unreachable` when its list could not be read now (5xx, timeout,
 * 404), `refused` when it never can be (an address the outbound guard refuses, or not JSON).
 */
export type EntryOutcome = Ob3StatusResult | { state: 'unreachable' } | { state: 'refused' };

/**
 * A bit-string list is itself a credential: its issuer must be the credential's, and one of its
 * proofs must verify with a key that issuer controls (keys found as for the credential, did:web
 * through the outbound guard). A list naming the issuer but signed by anyone else's key is not the
 * issuer's word (it once passed, saying "not revoked"). A key whose document cannot be read now
 * leaves the list unchecked (`unreachable`), not untrusted.
 */
async function listTrust(deps: KeyDeps, credential: Obj, doc: Obj): Promise<'trusted' | 'untrusted' | 'unreachable'> {
  if (issuerIdOf(doc) !== issuerIdOf(credential)) return 'untrusted';
  const docs: KeyDocuments = new Map();
  for (const p of list(doc['proof']).map(obj)) {
    const m = p?.['verificationMethod'];
    const problem = typeof m === 'string' ? await findProofKey(deps, docs, issuerIdOf(doc), m) : null;
    if (problem) return problem.unverifiable ? 'unreachable' : 'untrusted';
  }
  const r = await verifyOb3Proofs(doc, { fragmentKeys: true, documents: docs });
  if (!r.verified) return 'untrusted';
  // Whose key signed, as checkOb3Proof reads it for the credential: the first proof that verified.
  const first = r.proofs.find((p) => p.outcome.verified);
  const outcome = first?.outcome;
  const controller = outcome?.verified ? (outcome.controller ?? first?.verificationMethod?.split('#')[0]) : null;
  return controller === issuerIdOf(doc) ? 'trusted' : 'untrusted';
}

/**
 * The status one `credentialStatus` entry gives: its list fetched through the verifier's document
 * source (outbound guard, own host directly); out of reach is `unreachable`, never "active".
 */
export async function entryStatus(
  deps: KeyDeps & { now: number },
  credential: Obj,
  entry: unknown,
): Promise<EntryOutcome> {
  const url = statusListUrl(entry);
  if (!url) return { state: 'error', code: 'E176', reason: 'the status entry names no list' };
  const d = await deps.src.get(url);
  if (d.kind === 'refused' || d.kind === 'unreadable') return { state: 'refused' };
  if (d.kind !== 'ok') return { state: 'unreachable' };
  const is1EdTech = obj(entry)?.['type'] === '1EdTechRevocationList';
  const trust = is1EdTech ? 'trusted' : await listTrust(deps, credential, d.doc);
  if (trust === 'unreachable') return { state: 'unreachable' };
  if (trust === 'untrusted')
    return { state: 'error', code: 'E176', reason: "the status list is not signed by the credential's issuer" };
  return checkOb3Status(credential, entry, d.doc, new Date(deps.now));
}
