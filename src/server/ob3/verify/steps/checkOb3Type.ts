import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import type { Ob3Deps } from '../deps';
import { list, type Ob3Facts } from '../facts';

const OB3_TYPES = ['OpenBadgeCredential', 'AchievementCredential', 'EndorsementCredential'];

/** The credential's `type` names VerifiableCredential and an OB 3.0 credential type (E980). */
export const checkOb3Type: Step<Ob3Facts, Ob3Deps> = {
  name: 'checkOb3Type',
  group: 'credential',
  run(f) {
    if (f.broken) return SKIP;
    const types = list(f.credential['type']);
    if (types.includes('VerifiableCredential') && types.some((t) => OB3_TYPES.includes(t as string))) return PASS;
    return withOut(fail('E980'), { broken: true });
  },
};
