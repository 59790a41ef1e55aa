import { fail, PASS, SKIP, type Check } from '../check';
import { str } from '../context';

/**
 * The profile found is trusted as the issuer only with an id and a name; every later issuer check
 * and the name shown rely on the profile this check passed.
 */
export const checkIssuerIdentity: Check = {
  name: 'checkIssuerIdentity',
  run(ctx) {
    const profile = ctx.profileFound;
    if (!profile) return SKIP;
    if (!str(profile['id']) || !str(profile['name'])) return fail('E168');
    ctx.issuer = profile;
    return PASS;
  },
};
