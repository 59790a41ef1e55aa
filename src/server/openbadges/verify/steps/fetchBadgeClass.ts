import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import type { Ob2Deps, Ob2Facts } from '../facts';

/** The BadgeClass the assertion names (embedded or at its URL); without it nothing can be verified. */
export const fetchBadgeClass: Step<Ob2Facts, Ob2Deps> = {
  name: 'fetchBadgeClass',
  group: 'credential',
  async run(facts, deps) {
    if (!facts.assertion) return SKIP;
    const d = await deps.docs.resolve(facts.assertion['badge'], 'badge', facts.version);
    if (d.kind !== 'ok') return fail('E999', d.kind === 'unreachable');
    return withOut(PASS, { badge: d.doc });
  },
};
