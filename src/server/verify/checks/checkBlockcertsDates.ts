import { fail, PASS, SKIP, type Check } from '../check';
import { datesOf } from '../bc/state';
import { checkDates } from '../dates';

/**
 * Blockcerts: issue date present and not in the future, expiry readable, after the issue date and
 * not passed (E042/E043, E044-E046): v2 issuedOn/expires, v3 issuanceDate/validFrom and
 * expirationDate/validUntil. The first problem is reported; the report shows both dates.
 */
export const checkBlockcertsDates: Check = {
  name: 'checkBlockcertsDates',
  run(ctx) {
    if (!ctx.bc) return SKIP;
    const { issuedOn, expires } = datesOf(ctx.bc);
    const [code] = checkDates(issuedOn, expires, ctx.now).codes;
    return code ? fail(code) : PASS;
  },
};
