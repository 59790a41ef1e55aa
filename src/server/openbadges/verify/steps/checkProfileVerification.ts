import { modelCheck } from '../model/model-check';

/**
 * The issuer's hosted-verification rules are well formed (E174; HV-21): a VerificationObject whose
 * `startsWith` are URLs and `allowedOrigins` host names. Malformed rules are the issuer's error,
 * reported as such, and never reach the origin check as something to parse.
 */
export const checkProfileVerification = modelCheck({
  name: 'checkProfileVerification',
  group: 'issued_by',
  code: 'E174',
  cls: 'ProfileVerification',
  node: (facts) => {
    const profile = facts.profileFound ?? facts.issuer;
    const v = profile?.['verification'];
    // Present but not an object: validateNode reports the node itself as the wrong value.
    return v === undefined || v === null ? null : v;
  },
  counts: () => true,
});
