import { fail, PASS, SKIP, type Check } from '../check';
import { issuerIdOf } from '../ob3/state';

/**
 * The key that signed belongs to the issuer: its controller (the DID of a did:web key, the URL before
 * `#` of a fragment key, the issuer of a JWT with its key in the header) is `issuer.id`. A did:key
 * controller is accepted for any issuer, as 1EdTech does (plan decision D1). Otherwise E168.
 */
export const checkOb3KeyOwner: Check = {
  name: 'checkOb3KeyOwner',
  run(ctx) {
    const s = ctx.ob3;
    if (!s || s.broken || s.keyMissing || !s.controller) return SKIP;
    if (s.controller.startsWith('did:key:')) return PASS;
    return s.controller === issuerIdOf(s.credential) ? PASS : fail('E168');
  },
};
