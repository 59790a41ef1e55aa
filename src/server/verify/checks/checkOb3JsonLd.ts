import jsonld from 'jsonld';
import { ob3DocumentLoader } from '../../ob3/loader';
import { fail, PASS, SKIP, type Check } from '../check';

/**
 * The whole credential, proofs included, expands as JSON-LD in safe mode with the bundled contexts
 * only: a term or type no context defines (1EdTech's simple-multiple-proofs names a `SomeProofType`)
 * is an error, as in 1EdTech's JsonLDValidationProbe (E980). Nothing is fetched.
 */
export const checkOb3JsonLd: Check = {
  name: 'checkOb3JsonLd',
  async run(ctx) {
    const s = ctx.ob3;
    if (!s || s.broken) return SKIP;
    try {
      await jsonld.expand(structuredClone(s.credential), {
        documentLoader: ob3DocumentLoader(),
        safe: true,
      } as unknown as Parameters<typeof jsonld.expand>[1]);
      return PASS;
    } catch {
      // Not `broken`: the schema check still says what else is wrong (an issuer of the wrong type
      // is both an undefined term here and E173 there).
      return fail('E980');
    }
  },
};
