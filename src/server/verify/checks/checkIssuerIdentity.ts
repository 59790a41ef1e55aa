import { fail, PASS, SKIP, type Check } from '../check';
import { str } from '../context';

/**
 * HV-20: the profile found is trusted as the issuer only when the id it declares is the address it
 * was read from (after redirects), directly or by reading it again at that id, and it has a name.
 * A copy served elsewhere that declares the id of another issuer (one hosted here, say) is not
 * that issuer. Every later issuer check, and the name shown, rely on the profile this check passed.
 */
export const checkIssuerIdentity: Check = {
  name: 'checkIssuerIdentity',
  run(ctx) {
    const profile = ctx.profileFound;
    if (!profile) return SKIP;
    if (!ctx.profileBound || !str(profile['id']) || !str(profile['name'])) return fail('E168');
    ctx.issuer = profile;
    return PASS;
  },
};
