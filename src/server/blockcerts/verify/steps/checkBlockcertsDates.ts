import { checkDates } from '../../../verdict/dates';
import type { VerifyDeps } from '../../../verdict/deps';
import { fail, PASS, type Step } from '../../../verdict/step';
import { datesOf, type BcFacts } from '../facts';

/**
 * Blockcerts: issue date present and not in the future, expiry readable, after the issue date and
 * not passed (E042/E043, E044-E046): v2 issuedOn/expires, v3 issuanceDate/validFrom and
 * expirationDate/validUntil. The first problem is reported; the report shows both dates.
 */
export const checkBlockcertsDates: Step<BcFacts, VerifyDeps> = {
  name: 'checkBlockcertsDates',
  group: 'issued_on',
  run(facts, deps) {
    const { issuedOn, expires } = datesOf(facts);
    const [code] = checkDates(issuedOn, expires, deps.now).codes;
    return code ? fail(code) : PASS;
  },
};
