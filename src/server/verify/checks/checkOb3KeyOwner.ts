import { fail, passWith, PASS, SKIP, type Check } from '../check';
import { bindKey, ownOrigin } from '../ob3/binding';
import { issuerIdOf } from '../ob3/state';

/**
 * The key that verified belongs to the issuer the credential names (issue 33): published by it at
 * its id (a did:web DID document, or its profile at its https id), or one with the issuer's id
 * itself (the issuer is that did:key, or 1EdTech's key in the issuer URL's fragment with no profile
 * there): then it passes with W003, the issuer's name being the credential's own claim. Anyone
 * else's key is E169, whatever name the credential gives; could not verify now when the profile
 * that might list it is out of reach. A fragment key of another URL is the proof check's E168.
 */
export const checkOb3KeyOwner: Check = {
  name: 'checkOb3KeyOwner',
  async run(ctx) {
    const s = ctx.ob3;
    if (!s || s.broken || s.keyMissing || !s.signed) return SKIP;
    const b = await bindKey(ctx.src, ownOrigin(ctx), issuerIdOf(s.credential), {
      method: s.method,
      jwk: s.jwk,
    });
    if (b.kind === 'unbound') return fail('E169', b.unverifiable);
    s.binding = b.kind;
    return b.kind === 'published' ? PASS : passWith('W003');
  },
};
