import { fail, PASS, SKIP, type Check } from '../check';
import { checkDates } from '../dates';

/** The issue date is ISO 8601 (E042) and not in the future (E043). */
export const checkIssuedOn: Check = {
  name: 'checkIssuedOn',
  run(ctx) {
    if (!ctx.assertion) return SKIP;
    const code = checkDates(ctx.assertion['issuedOn'], undefined, ctx.now).codes[0];
    return code ? fail(code) : PASS;
  },
};
