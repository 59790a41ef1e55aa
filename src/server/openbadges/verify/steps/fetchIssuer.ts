import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import type { Ob2Deps, Ob2Facts } from '../facts';

/**
 * The issuer Profile the badge class names, read from its own id (an embedded copy or one that
 * declares another id only points there, reader.ts `resolve`). Missing or unreadable, the issuer
 * is not verified (E168); unreachable, the badge could not be verified now (HV-08).
 */
export const fetchIssuer: Step<Ob2Facts, Ob2Deps> = {
  name: 'fetchIssuer',
  group: 'issued_by',
  async run(facts, deps) {
    if (!facts.badge) return SKIP;
    const d = await deps.docs.resolve(facts.badge['issuer'], 'issuer', facts.version, true);
    if (d.kind !== 'ok') return fail('E168', d.kind === 'unreachable');
    return withOut(PASS, { profileFound: d.doc, profileBound: d.bound });
  },
};
