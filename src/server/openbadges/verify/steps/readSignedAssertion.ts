import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import type { Ob2Deps, Ob2Facts } from '../facts';
import { BadJws, parseJws, type ParsedJws } from '../jws-parse';

/**
 * Signed badges, step 1-2 of the standard: the compact JWS is read before any key is involved
 * (three canonical base64url segments, RS256 only, no header pointing at a key) and its payload is
 * the assertion. Anything else is not a signed badge that can be verified (E999).
 */
export const readSignedAssertion: Step<Ob2Facts, Ob2Deps> = {
  name: 'readSignedAssertion',
  group: 'credential',
  run(facts) {
    if (facts.input.kind !== 'jws') return SKIP;
    let jws: ParsedJws;
    try {
      jws = parseJws(facts.input.text);
    } catch (err) {
      if (err instanceof BadJws) return fail('E999');
      throw err;
    }
    return withOut(PASS, { jws, found: jws.payload });
  },
};
