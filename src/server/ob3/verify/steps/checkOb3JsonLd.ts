import { expand } from '../../../ld/jsonld';
import { fail, PASS, SKIP, type Step } from '../../../verdict/step';
import { ob3DocumentLoader } from '../../loader';
import type { Ob3Deps } from '../deps';
import type { Ob3Facts } from '../facts';

/**
 * The whole credential, proofs included, expands as JSON-LD in safe mode with the bundled contexts
 * only: a term or type no context defines (1EdTech's simple-multiple-proofs names a `SomeProofType`)
 * is an error, as in 1EdTech's JsonLDValidationProbe (E980). Nothing is fetched.
 */
export const checkOb3JsonLd: Step<Ob3Facts, Ob3Deps> = {
  name: 'checkOb3JsonLd',
  group: 'credential',
  async run(f) {
    if (f.broken) return SKIP;
    try {
      await expand(structuredClone(f.credential), { documentLoader: ob3DocumentLoader(), safe: true });
      return PASS;
    } catch {
      // Not `broken`: the schema check still says what else is wrong (an issuer of the wrong type
      // is both an undefined term here and E173 there).
      return fail('E980');
    }
  },
};
