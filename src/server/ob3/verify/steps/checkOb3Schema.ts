import { fail, PASS, SKIP, type Step } from '../../../verdict/step';
import { checkOb3Schema as validate } from '../../schema';
import type { Ob3Deps } from '../deps';
import { list, proofsAsArrays, type Ob3Facts } from '../facts';

/**
 * The credential against the 1EdTech JSON Schema of its type and each bundled `credentialSchema` it
 * names (ob3/schema). A problem in the issuer profile fails issued_by (E172 no issuer, E173 a wrong
 * value), in the recipient's identifier awarded_to (E028), anything else the badge (E980). A
 * `credentialSchema` not bundled here is never fetched: the credential could not be checked (E980,
 * unverifiable). VC 1.1 credentials are not checked: the bundled schemas are the VC 2.0 ones (plan D2).
 */
export const checkOb3Schema: Step<Ob3Facts, Ob3Deps> = {
  name: 'checkOb3Schema',
  group: 'credential',
  run(f) {
    if (f.broken) return SKIP;
    if (list(f.credential['@context'])[0] === 'https://www.w3.org/2018/credentials/v1') return SKIP;
    const r = validate(proofsAsArrays(f.credential));
    if (!r.ok) {
      if (f.credential['issuer'] === undefined) return fail('E172');
      if (r.violations.some((v) => v.startsWith('/issuer'))) return fail('E173');
      if (r.violations.some((v) => v.startsWith('/credentialSubject/identifier'))) return fail('E028');
      return fail('E980');
    }
    return r.notChecked.length ? fail('E980', true) : PASS;
  },
};
