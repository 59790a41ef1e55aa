import { checkDates } from '../../../verdict/dates';
import { fail, PASS, SKIP, type Step } from '../../../verdict/step';
import type { Ob2Deps, Ob2Facts } from '../facts';

/**
 * The expiry date, when there is one, is ISO 8601 (E044), not before the issue date (E046), and not
 * past (E045: the rest of the badge is still checked and reported).
 */
export const checkExpiry: Step<Ob2Facts, Ob2Deps> = {
  name: 'checkExpiry',
  group: 'expires_on',
  run(facts, deps) {
    if (!facts.assertion) return SKIP;
    const { codes } = checkDates(facts.assertion['issuedOn'], facts.assertion['expires'], deps.now);
    const code = codes.find((c) => c === 'E044' || c === 'E045' || c === 'E046');
    return code ? fail(code) : PASS;
  },
};
