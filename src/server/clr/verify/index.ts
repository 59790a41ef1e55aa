import { datesOf, issuerOf } from '../../ob3/verify/facts';
import type { Ob3Deps } from '../../ob3/verify/deps';
import type { FormatVerifier } from '../../verdict/format';
import { achievementsOf, associationsOf, clrFirstFacts, type ClrFacts } from './facts';
import { CLR_PLAN } from './plan';

/**
 * CLR 2.0 verification (issue 38): the facts start from the record detection read, the plan's
 * steps run, and what they found is shown: the record's own name, issuer, dates, recipient and
 * status, and each nested credential with its verdict. The record is kept as it came, for a
 * holder to keep.
 */
export const clrVerifier: FormatVerifier<'clr', ClrFacts, Ob3Deps> = {
  plan: CLR_PLAN,
  start(d, deps) {
    return { facts: clrFirstFacts(d.credential ?? {}, d.jwt, d.url), deps };
  },
  present(f) {
    const c = f.credential;
    return {
      dates: datesOf(c),
      issuer: issuerOf(c),
      badgeName: typeof c['name'] === 'string' ? c['name'] : null,
      recipient: f.recipient,
      revoked: f.revoked,
      endorsements: [...f.endorsements],
      clr: {
        nested: [...f.nested],
        achievements: achievementsOf(c).length,
        associations: associationsOf(c).length,
      },
      docs: { issuer: issuerOf(c), dates: datesOf(c), url: f.url, clr: { credential: c, jwt: f.jwt } },
    };
  },
};
