import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import { str, type Ob2Deps, type Ob2Facts } from '../facts';

/**
 * HV-20: the profile found is trusted as the issuer only when the id it declares is the address it
 * was read from (after redirects), directly or by reading it again at that id, and it has a name.
 * A copy served elsewhere that declares the id of another issuer (one hosted here, say) is not
 * that issuer. Every later issuer step, and the name shown, rely on the profile this step passed.
 */
export const checkIssuerIdentity: Step<Ob2Facts, Ob2Deps> = {
  name: 'checkIssuerIdentity',
  group: 'issued_by',
  run(facts) {
    const profile = facts.profileFound;
    if (!profile) return SKIP;
    if (!facts.profileBound || !str(profile['id']) || !str(profile['name'])) return fail('E168');
    return withOut(PASS, { issuer: profile });
  },
};
