import { fail, PASS, SKIP, type Check } from '../check';
import { checkDates } from '../dates';
import { datesOf } from '../ob3/state';

/**
 * Issue date present and not in the future, expiry readable, after it and not passed (E042/E043,
 * E044-E046): VC 2.0 validFrom/validUntil, VC 1.1 issuanceDate/expirationDate.
 */
export const checkOb3Dates: Check = {
  name: 'checkOb3Dates',
  run(ctx) {
    const s = ctx.ob3;
    if (!s || (s.jwt && s.broken)) return SKIP;
    const { issuedOn, expires } = datesOf(s.credential);
    const [code] = checkDates(issuedOn, expires, ctx.now).codes;
    return code ? fail(code) : PASS;
  },
};
