import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import type { Ob2Deps, Ob2Facts } from '../facts';

/**
 * Signed badges, step 5: the key named by `verification.creator` is fetched (kept per isolate for
 * ten minutes, doc-cache.ts). Without a usable key the badge's issuer is not verified (E168);
 * unreachable, it could not be verified now.
 */
export const fetchKey: Step<Ob2Facts, Ob2Deps> = {
  name: 'fetchKey',
  group: 'issued_by',
  async run(facts, deps) {
    if (!facts.jws || !facts.assertion) return SKIP;
    const { doc: d } = await deps.docs.signingKey(facts.assertion, facts.version);
    if (d.kind !== 'ok') return fail('E168', d.kind === 'unreachable');
    return withOut(PASS, { keyFound: d.doc, keyBound: d.bound });
  },
};
