import { modelCheck, own } from '../model/model-check';

/** The issuer Profile's `type` is present and includes `Issuer` or `Profile` (E171; HV-22). */
export const checkProfileType = modelCheck({
  name: 'checkProfileType',
  group: 'issued_by',
  code: 'E171',
  cls: 'Profile',
  node: (facts) => facts.profileFound ?? facts.issuer,
  counts: (p) => own(p) && p.why === 'type',
});
