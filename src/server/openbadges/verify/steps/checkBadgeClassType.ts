import { modelCheck, own } from '../model/model-check';

/** The BadgeClass's `type` is present and includes `BadgeClass` (E985; HV-22). */
export const checkBadgeClassType = modelCheck({
  name: 'checkBadgeClassType',
  group: 'credential',
  code: 'E985',
  cls: 'BadgeClass',
  node: (facts) => facts.badge,
  counts: (p) => own(p) && p.why === 'type',
});
