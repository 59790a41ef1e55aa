import { verifyOb3Proofs } from '../../ob3/proof/verify';
import { checkOb3Schema } from '../../ob3/schema';
import { PASS, SKIP, type Check } from '../check';
import type { VerifyContext } from '../context';
import { findProofKey } from '../ob3/keys';
import { list, newOb3State, obj, proofsAsArrays, subjectOf, type Ob3State } from '../ob3/state';

type Obj = Record<string, unknown>;

/** At most this many endorsements are verified (each may fetch a DID document). */
const MAX = 10;

const str = (v: unknown) => (typeof v === 'string' ? v : null);
/** The endorser as the credential names it (its issuer Profile's name), shown as text; capped. */
const endorserName = (e: Obj): string | null => str(obj(e['issuer'])?.['name'])?.trim().slice(0, 200) || null;

async function verdict(ctx: VerifyContext, e: Obj): Promise<Ob3State['endorsements'][number]['state']> {
  if (!checkOb3Schema(proofsAsArrays(e)).ok) return 'invalid';
  const keys = newOb3State(e, null, null);
  for (const p of list(e['proof']).map(obj)) {
    const m = p?.['verificationMethod'];
    const problem = typeof m === 'string' ? await findProofKey(ctx, keys, m) : null;
    if (problem) return problem.unverifiable ? 'unverifiable' : 'invalid';
  }
  const r = await verifyOb3Proofs(e, { fragmentKeys: true, documents: keys.documents });
  return r.verified ? 'valid' : 'invalid';
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
      s.endorsements.push({ id: str(e['id']), name: endorserName(e), state: await verdict(ctx, e) });
    }
    return PASS;
  },
};
