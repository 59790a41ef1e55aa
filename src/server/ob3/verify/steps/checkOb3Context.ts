import { ob3BundledContext } from '../../../ld/ob3-contexts';
import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import type { Ob3Deps } from '../deps';
import { list, type Ob3Facts } from '../facts';

const VC_FIRST = ['https://www.w3.org/ns/credentials/v2', 'https://www.w3.org/2018/credentials/v1'];
// context.json, context-3.0.x.json, and the 3.0.0 draft's context/ob_v3p0.jsonld (all bundled).
export const OB3_CONTEXT =
  /^https:\/\/purl\.imsglobal\.org\/spec\/ob\/v3p0\/context(?:-3\.0\.\d+\.json|\.json|\/ob_v3p0\.jsonld)$/;

/**
 * The VC data model's rule for a credential's contexts, as OB 3.0 §8.1 and CLR 2.0 apply it: the
 * first is the VC one (1.1 or 2.0), one matching each of `required` is named, and every named
 * context is one bundled here (DATA-04: contexts are never fetched).
 */
export function contextsHold(credential: Record<string, unknown>, required: readonly RegExp[]): boolean {
  const contexts = list(credential['@context']);
  const named = contexts.filter((c): c is string => typeof c === 'string');
  return (
    typeof contexts[0] === 'string' &&
    VC_FIRST.includes(contexts[0]) &&
    required.every((r) => named.some((c) => r.test(c))) &&
    named.every((c) => ob3BundledContext(c) !== undefined)
  );
}

/** OB 3.0 §8.1: the VC context first, an OB 3.0 context named, every context bundled. E980. */
export const checkOb3Context: Step<Ob3Facts, Ob3Deps> = {
  name: 'checkOb3Context',
  group: 'credential',
  run(f) {
    if (f.broken) return SKIP;
    return contextsHold(f.credential, [OB3_CONTEXT]) ? PASS : withOut(fail('E980'), { broken: true });
  },
};
