import { fail, PASS, SKIP, withOut, type Outcome, type Step } from '../../../verdict/step';
import { str, type Ob2Deps, type Ob2Facts, type Obj } from '../facts';
import { hostedAddress } from '../hosted-address';

const revokedBy = (doc: Obj | null): Outcome<Ob2Facts> =>
  withOut(fail('E999'), { found: doc, revoked: { reason: str(doc?.['revocationReason']) } });

/**
 * Hosted badges: the assertion is read at its URL, and the copy found there wins over any JSON
 * given (HV-04: the JSON only tells where it lives). HTTP 410 or `revoked: true` means revoked
 * (HV-03); the document must name the address it was found at as its id. Detection fetched it
 * (verify/detect.ts: `fetched`, the answer at that address) and sent a Blockcerts or OB 3.0
 * credential found there, or no badge at all, to its own answer; what is judged here is that
 * answer.
 */
export const fetchAssertion: Step<Ob2Facts, Ob2Deps> = {
  name: 'fetchAssertion',
  group: 'credential',
  run(facts) {
    const input = facts.input;
    if (input.kind === 'jws') return SKIP;
    const url = input.kind === 'url' ? input.url : hostedAddress(input.doc);
    if (!url || !/^https?:/i.test(url)) return fail('E999');
    const d = facts.fetched;
    // Detection reads every http(s) address it routes here; without its answer nothing was found.
    if (!d) return fail('E999');
    if (d.kind === 'gone') return revokedBy(d.doc);
    if (d.kind !== 'ok') return fail('E999', d.kind === 'unreachable');
    if (d.doc['revoked'] === true) return revokedBy(d.doc);
    const declared = hostedAddress(d.doc);
    if (declared !== url && declared !== d.url) return fail('E999');
    return withOut(PASS, { found: d.doc, hostedAt: d.url });
  },
};
