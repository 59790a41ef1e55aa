import { ob3BundledContext } from '../../../ld/ob3-contexts';
import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import type { Ob3Deps } from '../deps';
import { list, type Ob3Facts } from '../facts';

export const VC_FIRST = ['https://www.w3.org/ns/credentials/v2', 'https://www.w3.org/2018/credentials/v1'];
// context.json, context-3.0.x.json, and the 3.0.0 draft's context/ob_v3p0.jsonld (all bundled).
export const OB3_CONTEXT =
  /^https:\/\/purl\.imsglobal\.org\/spec\/ob\/v3p0\/context(?:-3\.0\.\d+\.json|\.json|\/ob_v3p0\.jsonld)$/;

/**
 * OB 3.0 §8.1 / VC data model: the first context is the VC one (1.1 or 2.0), an OB 3.0 context is
 * named, and every named context is one bundled here (DATA-04: contexts are never fetched). E980.
 */
export const checkOb3Context: Step<Ob3Facts, Ob3Deps> = {
  name: 'checkOb3Context',
  group: 'credential',
  run(f) {
    if (f.broken) return SKIP;
    const contexts = list(f.credential['@context']);
    const named = contexts.filter((c): c is string => typeof c === 'string');
    const ok =
      typeof contexts[0] === 'string' &&
      VC_FIRST.includes(contexts[0]) &&
      named.some((c) => OB3_CONTEXT.test(c)) &&
      named.every((c) => ob3BundledContext(c) !== undefined);
    return ok ? PASS : withOut(fail('E980'), { broken: true });
  },
};
