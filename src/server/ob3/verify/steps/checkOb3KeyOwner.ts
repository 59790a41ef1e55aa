import { fail, passWith, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import { bindKey, ownOrigin } from '../binding';
import type { Ob3Deps } from '../deps';
import { issuerIdOf, type Ob3Facts } from '../facts';

/**
 * The key that verified belongs to the issuer the credential names (issue 33): published by it at
 * its id (a did:web DID document, or its profile at its https id), or one with the issuer's id
 * itself (the issuer is that did:key, or 1EdTech's key in the issuer URL's fragment with no profile
 * there): then it passes with W003, the issuer's name being the credential's own claim. Anyone
 * else's key is E169, whatever name the credential gives; could not verify now when the profile
 * that might list it is out of reach. A fragment key of another URL is the proof check's E168.
 */
export const checkOb3KeyOwner: Step<Ob3Facts, Ob3Deps> = {
  name: 'checkOb3KeyOwner',
  group: 'issued_by',
  async run(f, deps) {
    if (f.broken || f.keyMissing || !f.signed) return SKIP;
    const b = await bindKey(deps.src, ownOrigin(deps), issuerIdOf(f.credential), { method: f.method, jwk: f.jwk });
    if (b.kind === 'unbound') return fail('E169', b.unverifiable);
    return withOut(b.kind === 'published' ? PASS : passWith('W003'), { binding: b.kind });
  },
};
