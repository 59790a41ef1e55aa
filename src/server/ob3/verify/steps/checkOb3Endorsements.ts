import type { EndorsementVerdict } from '../../../verdict/present';
import { PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import { verifyOb3Proofs } from '../../proof/verify';
import { checkOb3Schema } from '../../schema';
import { bindKey, ownOrigin } from '../binding';
import type { KeyDeps, Ob3Deps } from '../deps';
import { issuerIdOf, list, obj, proofsAsArrays, subjectOf, type Ob3Facts } from '../facts';
import { findProofKey, type KeyDocuments } from '../keys';

type Obj = Record<string, unknown>;

/** At most this many endorsements are verified (each may fetch a DID document). */
const MAX = 10;

const str = (v: unknown) => (typeof v === 'string' ? v : null);
/** The endorser as the credential names it (its issuer Profile's name), shown as text; capped. */
const endorserName = (e: Obj): string | null => str(obj(e['issuer'])?.['name'])?.trim().slice(0, 200) || null;

type Verdict = Pick<EndorsementVerdict, 'state' | 'claimed'>;
const INVALID: Verdict = { state: 'invalid' };

/**
 * One endorsement: schema, keys, proofs, then whether the key that verified is its endorser's
 * (binding.ts, as for the credential: anyone else's key makes it invalid, issue 33).
 */
async function verdict(deps: KeyDeps, e: Obj): Promise<Verdict> {
  if (!checkOb3Schema(proofsAsArrays(e)).ok) return INVALID;
  const documents: KeyDocuments = new Map();
  for (const p of list(e['proof']).map(obj)) {
    const m = p?.['verificationMethod'];
    const problem = typeof m === 'string' ? await findProofKey(deps, documents, issuerIdOf(e), m) : null;
    if (problem) return problem.unverifiable ? { state: 'unverifiable' } : INVALID;
  }
  const r = await verifyOb3Proofs(e, { fragmentKeys: true, documents });
  const method = r.proofs.find((p) => p.outcome.verified)?.verificationMethod ?? null;
  if (!r.verified || !method) return INVALID;
  const b = await bindKey(deps.src, ownOrigin(deps), issuerIdOf(e), { method, jwk: null });
  if (b.kind === 'unbound') return b.unverifiable ? { state: 'unverifiable' } : INVALID;
  return b.kind === 'self' ? { state: 'valid', claimed: true } : { state: 'valid' };
}

/**
 * Endorsements of the credential, its achievement and its issuer (EndorsementCredentials embedded
 * in `endorsement`), verified one level deep (schema, key, proof; their own endorsements are not
 * followed). Reported as a separate list: they never touch the four items, so this step passes.
 */
export const checkOb3Endorsements: Step<Ob3Facts, Ob3Deps> = {
  name: 'checkOb3Endorsements',
  group: 'extras',
  async run(f, deps) {
    if (f.broken) return SKIP;
    const c = f.credential;
    const achievement = obj(subjectOf(c)?.['achievement']);
    const all = [c, achievement, obj(c['issuer'])].flatMap((o) => list(o?.['endorsement']).map(obj));
    const found = all.filter((e): e is Obj => e !== null).slice(0, MAX);
    if (found.length === 0) return SKIP;
    const endorsements: EndorsementVerdict[] = [];
    for (const e of found) endorsements.push({ id: str(e['id']), name: endorserName(e), ...(await verdict(deps, e)) });
    return withOut(PASS, { endorsements });
  },
};
