import { fail, PASS, SKIP, type Check } from '../check';
import { list } from '../ob3/state';

const OB3_TYPES = ['OpenBadgeCredential', 'AchievementCredential', 'EndorsementCredential'];

/** The credential's `type` names VerifiableCredential and an OB 3.0 credential type (E980). */
export const checkOb3Type: Check = {
  name: 'checkOb3Type',
  run(ctx) {
    const s = ctx.ob3;
    if (!s || s.broken) return SKIP;
    const types = list(s.credential['type']);
    if (types.includes('VerifiableCredential') && types.some((t) => OB3_TYPES.includes(t as string))) return PASS;
    s.broken = true;
    return fail('E980');
  },
};
