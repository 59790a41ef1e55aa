import type { Ob3Deps } from '../../../ob3/verify/deps';
import { contextsHold, OB3_CONTEXT } from '../../../ob3/verify/steps/checkOb3Context';
import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import type { ClrFacts } from '../facts';

/** CLR 2.0 (context.json) and 2.0.1 (context-2.0.1.json), both bundled. */
const CLR_CONTEXT = /^https:\/\/purl\.imsglobal\.org\/spec\/clr\/v2p0\/context(?:-2\.0\.\d+)?\.json$/;

/**
 * The record's contexts, by the VC rule OB 3.0 applies (contextsHold): the VC one first, a CLR 2.0
 * context and an OB 3.0 one named (the CLR context imports nothing: the OB 3.0 terms it uses come
 * from the OB context), every one bundled here. E980.
 */
export const checkClrContext: Step<ClrFacts, Ob3Deps> = {
  name: 'checkClrContext',
  group: 'credential',
  run(f) {
    if (f.broken) return SKIP;
    return contextsHold(f.credential, [CLR_CONTEXT, OB3_CONTEXT]) ? PASS : withOut(fail('E980'), { broken: true });
  },
};
