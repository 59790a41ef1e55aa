import { fail, PASS, SKIP, type Check } from '../check';
import { checkDates } from '../dates';

/**
 * The expiry date, when there is one, is ISO 8601 (E044), not before the issue date (E046), and not
 * past (E045: the rest of the badge is still checked and reported).
 */
export const checkExpiry: Check = {
  name: 'checkExpiry',
  run(ctx) {
    if (!ctx.assertion) return SKIP;
    const { codes } = checkDates(ctx.assertion['issuedOn'], ctx.assertion['expires'], ctx.now);
    const code = codes.find((c) => c === 'E044' || c === 'E045' || c === 'E046');
    return code ? fail(code) : PASS;
  },
};
