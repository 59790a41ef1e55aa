import { bytesToHex } from '../../../../lib/bytes';
import type { VerifyDeps } from '../../../verdict/deps';
import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import { credentialHash, Unhashable } from '../../hash';
import type { BcFacts } from '../facts';

/**
 * Blockcerts, step 2: the credential hashes to the proof's targetHash: sha256 of its URDNA2015
 * N-Quads without the proof (v2: without `signature`), with the bundled contexts only. A changed
 * credential, or one using a term no context defines (it would drop out of the hash), is E997; one
 * naming a context not bundled here cannot be hashed by this verifier (E990). Either way the
 * credential is broken: nothing more is fetched for it.
 */
export const checkBlockcertsHash: Step<BcFacts, VerifyDeps> = {
  name: 'checkBlockcertsHash',
  group: 'credential',
  async run(facts) {
    if (!facts.proof) return SKIP;
    try {
      const hash = bytesToHex(await credentialHash(facts.doc, facts.version === 2 ? 'signature' : 'proof'));
      if (hash === facts.proof.targetHash) return PASS;
    } catch (err) {
      if (!(err instanceof Unhashable)) throw err;
      return withOut(fail(err.message === 'unmapped terms' ? 'E997' : 'E990'), { broken: true });
    }
    return withOut(fail('E997'), { broken: true });
  },
};
