import { fail, PASS, SKIP, type Check } from '../check';
import { BadJws, parseJws } from '../jws-parse';

/**
 * Signed badges, step 1-2 of the standard: the compact JWS is read before any key is involved
 * (three canonical base64url segments, RS256 only, no header pointing at a key) and its payload is
 * the assertion. Anything else is not a signed badge that can be verified (E999).
 */
export const readSignedAssertion: Check = {
  name: 'readSignedAssertion',
  run(ctx) {
    if (ctx.input.kind !== 'jws' || ctx.format) return SKIP;
    try {
      ctx.jws = parseJws(ctx.input.text);
    } catch (err) {
      if (err instanceof BadJws) return fail('E999');
      throw err;
    }
    ctx.found = ctx.jws.payload;
    return PASS;
  },
};
