import type { VerifyDeps } from '../../../verdict/deps';
import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import { issuerRef, str, type BcFacts } from '../facts';

/**
 * Blockcerts, step 5 (once the anchor was found): the issuer profile at the URL the credential names (v3 `issuer`, v2
 * `badge.issuer.id`), read as plain JSON: Blockcerts profiles use their own contexts. It must
 * declare that id (a copy served elsewhere speaks for no one). Missing or not it: E168;
 * unreachable: could not verify now.
 */
export const fetchBlockcertsIssuer: Step<BcFacts, VerifyDeps> = {
  name: 'fetchBlockcertsIssuer',
  group: 'issued_by',
  async run(facts, deps) {
    // Only for a credential whose root is on the chain: an invalid one is not looked up anywhere.
    if (!facts.tx) return SKIP;
    const ref = issuerRef(facts);
    if (!ref || !/^https?:\/\//i.test(ref)) return fail('E168');
    const d = await deps.src.get(ref);
    if (d.kind !== 'ok') return fail('E168', d.kind === 'unreachable');
    if (str(d.doc['id']) !== ref) return fail('E168');
    return withOut(PASS, { profile: d.doc });
  },
};
