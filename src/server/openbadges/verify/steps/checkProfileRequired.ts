import { modelCheck, own } from '../model/model-check';

/**
 * An issuer Profile has what the standard requires of an issuer: id, name, url and email (E172;
 * HV-22, where the reference validator does not insist on the email).
 */
export const checkProfileRequired = modelCheck({
  name: 'checkProfileRequired',
  group: 'issued_by',
  code: 'E172',
  cls: 'Profile',
  node: (facts) => facts.profileFound ?? facts.issuer,
  counts: (p) => own(p) && p.why === 'missing',
});
