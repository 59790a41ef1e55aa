import { matchRecipient } from '../../../verdict/recipient';
import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import type { Ob2Deps, Ob2Facts } from '../facts';

/** The badge was awarded to one of the addresses checked (E022-E025, W001/W002). */
export const checkRecipient: Step<Ob2Facts, Ob2Deps> = {
  name: 'checkRecipient',
  group: 'awarded_to',
  async run(facts, deps) {
    if (!facts.assertion) return SKIP;
    const r = await matchRecipient(facts.assertion['recipient'], deps.emails);
    if (!r.ok) return fail(r.code);
    return withOut(PASS, { recipient: r.email });
  },
};
