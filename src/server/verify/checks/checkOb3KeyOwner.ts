import { fail, passWith, PASS, SKIP, type Check } from '../check';
import { issuerIdOf } from '../ob3/state';

/**
 * The key that signed belongs to the issuer: its controller (the DID of a did:web key, the URL before
 * `#` of a fragment key, the issuer of a JWT with its key in the header) is `issuer.id`. A did:key
 * controller is accepted for any issuer, as 1EdTech does (plan decision D1). Otherwise E168.
 * Only a did:web key is one the issuer publishes itself; any other key that passes is the
 * credential's own word for who issued it, which the report says with W003 (no item fails: 1EdTech
 * accepts these, and so do the spec's four items) so that nobody takes the issuer's name for proven.
 */
export const checkOb3KeyOwner: Check = {
  name: 'checkOb3KeyOwner',
  run(ctx) {
    const s = ctx.ob3;
    if (!s || s.broken || s.keyMissing || !s.controller) return SKIP;
    const owned = s.controller.startsWith('did:key:') || s.controller === issuerIdOf(s.credential);
    if (!owned) return fail('E168');
    return s.keyPublished ? PASS : passWith('W003');
  },
};
