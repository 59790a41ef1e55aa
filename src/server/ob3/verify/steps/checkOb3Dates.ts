import { checkDates } from '../../../verdict/dates';
import { fail, PASS, SKIP, type Step } from '../../../verdict/step';
import type { Ob3Deps } from '../deps';
import { datesOf, type Ob3Facts } from '../facts';

/**
 * Issue date present and not in the future, expiry readable, after it and not passed (E042/E043,
 * E044-E046): VC 2.0 validFrom/validUntil, VC 1.1 issuanceDate/expirationDate. A VC-JWT that could
 * not be read has no credential to date; a JSON credential with a bad context still has its dates.
 */
export const checkOb3Dates: Step<Ob3Facts, Ob3Deps> = {
  name: 'checkOb3Dates',
  group: 'issued_on',
  run(f, deps) {
    if (f.jwt && f.broken) return SKIP;
    const { issuedOn, expires } = datesOf(f.credential);
    const [code] = checkDates(issuedOn, expires, deps.now).codes;
    return code ? fail(code) : PASS;
  },
};
