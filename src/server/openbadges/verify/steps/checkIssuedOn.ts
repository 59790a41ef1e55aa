import { checkDates } from '../../../verdict/dates';
import { fail, PASS, SKIP, type Step } from '../../../verdict/step';
import type { Ob2Deps, Ob2Facts } from '../facts';

/** The issue date is ISO 8601 (E042) and not in the future (E043). */
export const checkIssuedOn: Step<Ob2Facts, Ob2Deps> = {
  name: 'checkIssuedOn',
  group: 'issued_on',
  run(facts, deps) {
    if (!facts.assertion) return SKIP;
    const code = checkDates(facts.assertion['issuedOn'], undefined, deps.now).codes[0];
    return code ? fail(code) : PASS;
  },
};
