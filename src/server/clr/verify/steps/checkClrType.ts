import { list } from '../../../ob3/verify/facts';
import type { Ob3Deps } from '../../../ob3/verify/deps';
import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import type { ClrFacts } from '../facts';

/** The record's `type` names VerifiableCredential and ClrCredential (an unordered set). E980. */
export const checkClrType: Step<ClrFacts, Ob3Deps> = {
  name: 'checkClrType',
  group: 'credential',
  run(f) {
    if (f.broken) return SKIP;
    const types = list(f.credential['type']);
    if (types.includes('VerifiableCredential') && types.includes('ClrCredential')) return PASS;
    return withOut(fail('E980'), { broken: true });
  },
};
