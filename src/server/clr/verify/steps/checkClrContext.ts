import { ob3BundledContext } from '../../../ld/ob3-contexts';
import { OB3_CONTEXT, VC_FIRST } from '../../../ob3/verify/steps/checkOb3Context';
import { list } from '../../../ob3/verify/facts';
import type { Ob3Deps } from '../../../ob3/verify/deps';
import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import type { ClrFacts } from '../facts';

/** CLR 2.0 (context.json) and 2.0.1 (context-2.0.1.json), both bundled. */
const CLR_CONTEXT = /^https:\/\/purl\.imsglobal\.org\/spec\/clr\/v2p0\/context(?:-2\.0\.\d+)?\.json$/;

/**
 * The record's contexts: the VC one first, a CLR 2.0 context and an OB 3.0 one named (the CLR
 * context imports nothing: the OB 3.0 terms it uses come from the OB context), and every named
 * context bundled here (DATA-04: contexts are never fetched). E980.
 */
export const checkClrContext: Step<ClrFacts, Ob3Deps> = {
  name: 'checkClrContext',
  group: 'credential',
  run(f) {
    if (f.broken) return SKIP;
    const contexts = list(f.credential['@context']);
    const named = contexts.filter((c): c is string => typeof c === 'string');
    const ok =
      typeof contexts[0] === 'string' &&
      VC_FIRST.includes(contexts[0]) &&
      named.some((c) => CLR_CONTEXT.test(c)) &&
      named.some((c) => OB3_CONTEXT.test(c)) &&
      named.every((c) => ob3BundledContext(c) !== undefined);
    return ok ? PASS : withOut(fail('E980'), { broken: true });
  },
};
