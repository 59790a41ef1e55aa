import { verifyOb3Proofs } from '../../ob3/proof/verify';
import { checkOb3Schema } from '../../ob3/schema';
import { PASS, SKIP, type Check } from '../check';
import type { VerifyContext } from '../context';
import { bindKey, ownOrigin } from '../ob3/binding';
import { findProofKey } from '../ob3/keys';
import { issuerIdOf, list, newOb3State, obj, proofsAsArrays, subjectOf, type Ob3State } from '../ob3/state';

type Obj = Record<string, unknown>;

/** At most this many endorsements are verified (each may fetch a DID document). */
const MAX = 10;

const str = (v: unknown) => (typeof v === 'string' ? v : null);
/** The endorser as the credential names it (its issuer Profile's name), shown as text; capped. */
const endorserName = (e: Obj): string | null => str(obj(e['issuer'])?.['name'])?.trim().slice(0, 200) || null;

type Verdict = Pick<Ob3State['endorsements'][number], 'state' | 'claimed'>;
const INVALID: Verdict = { state: 'invalid' };

/**
 * One endorsement: schema, keys, proofs, then whether the key that verified is its endorser's
 * (binding.ts, as for the credential: anyone else's key makes it invalid, issue 33).
 */
async function verdict(ctx: VerifyContext, e: Obj): Promise<Verdict> {
  if (!checkOb3Schema(proofsAsArrays(e)).ok) return INVALID;
  const keys = newOb3State(e, null, null);
  for (const p of list(e['proof']).map(obj)) {
    const m = p?.['verificationMethod'];
    const problem = typeof m === 'string' ? await findProofKey(ctx, keys, m) : null;
    if (problem) return problem.unverifiable ? { state: 'unverifiable' } : INVALID;
  }
  const r = await verifyOb3Proofs(e, { fragmentKeys: true, documents: keys.documents });
  const method = r.proofs.find((p) => p.outcome.verified)?.verificationMethod ?? null;
  if (!r.verified || !method) return INVALID;
  const b = await bindKey(ctx.src, ownOrigin(ctx), issuerIdOf(e), { method, jwk: null });
  if (b.kind === 'unbound') return b.unverifiable ? { state: 'unverifiable' } : INVALID;
  return b.kind === 'self' ? { state: 'valid', claimed: true } : { state: 'valid' };
}

/**
 * Endorsements of the credential, its achievement and its issuer (EndorsementCredentials embedded
 * in `endorsement`), verified one level deep (schema, key, proof; their own endorsements are not
 * followed). Reported as a separate list: they never touch the four items, so this check passes.
 */
export const checkOb3Endorsements: Check = {
  name: 'checkOb3Endorsements',
  async run(ctx) {
    const s = ctx.ob3;
    if (!s || s.broken) return SKIP;
    const c = s.credential;
    const achievement = obj(subjectOf(c)?.['achievement']);
    const all = [c, achievement, obj(c['issuer'])].flatMap((o) => list(o?.['endorsement']).map(obj));
    const found = all.filter((e): e is Obj => e !== null).slice(0, MAX);
    if (found.length === 0) return SKIP;
    for (const e of found) {
      s.endorsements.push({ id: str(e['id']), name: endorserName(e), ...(await verdict(ctx, e)) });
    }
    return PASS;
  },
};
