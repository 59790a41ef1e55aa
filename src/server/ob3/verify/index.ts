import type { FormatVerifier } from '../../verdict/format';
import type { Ob3Deps } from './deps';
import { badgeOf, datesOf, firstFacts, issuerOf, nameOf, type Ob3Facts } from './facts';
import { OB3_PLAN } from './plan';

/**
 * Open Badges 3.0 verification: the facts start from the credential detection read, the plan's
 * steps run, and what they found is shown on the shapes the wallet keeps (shared contract of issue
 * 21): the credential as the assertion, its achievement as the badge class, its issuer profile, its
 * dates, where it was fetched, and the credential with its VC-JWT.
 */
export const ob3Verifier: FormatVerifier<'ob3', Ob3Facts, Ob3Deps> = {
  plan: OB3_PLAN,
  start(d, deps) {
    return { facts: firstFacts(d.credential ?? {}, d.jwt, d.url), deps };
  },
  present(f) {
    const c = f.credential;
    return {
      dates: datesOf(c),
      issuer: issuerOf(c),
      badgeName: nameOf(c),
      recipient: f.recipient,
      revoked: f.revoked,
      endorsements: [...f.endorsements],
      docs: {
        assertion: c,
        badge: badgeOf(c),
        issuer: issuerOf(c),
        dates: datesOf(c),
        url: f.url,
        ob3: { credential: c, jwt: f.jwt },
      },
    };
  },
};
