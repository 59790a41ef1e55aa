import { bytesToHex } from '../../../lib/bytes';
import { credentialHash, Unhashable } from '../../blockcerts/hash';
import { fail, PASS, SKIP, type Check } from '../check';

/**
 * Blockcerts, step 2: the credential hashes to the proof's targetHash: sha256 of its URDNA2015
 * N-Quads without the proof (v2: without `signature`), with the bundled contexts only. A changed
 * credential, or one using a term no context defines (it would drop out of the hash), is E997; one
 * naming a context not bundled here cannot be hashed by this verifier (E990).
 */
export const checkBlockcertsHash: Check = {
  name: 'checkBlockcertsHash',
  async run(ctx) {
    const bc = ctx.bc;
    if (!bc?.proof) return SKIP;
    try {
      const hash = bytesToHex(await credentialHash(bc.doc, bc.version === 2 ? 'signature' : 'proof'));
      if (hash === bc.proof.targetHash) return PASS;
    } catch (err) {
      if (!(err instanceof Unhashable)) throw err;
      bc.broken = true;
      return fail(err.message === 'unmapped terms' ? 'E997' : 'E990');
    }
    bc.broken = true;
    return fail('E997');
  },
};
