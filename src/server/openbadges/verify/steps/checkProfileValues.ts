import { modelCheck, own } from '../model/model-check';

/**
 * The issuer Profile's values have their expected types: url a URL, email an address, text for
 * name, description and telephone, IRIs for image, publicKey and revocationList (E173). Its
 * verification object is checkProfileVerification's.
 */
export const checkProfileValues = modelCheck({
  name: 'checkProfileValues',
  group: 'issued_by',
  code: 'E173',
  cls: 'Profile',
  node: (facts) => facts.profileFound ?? facts.issuer,
  counts: (p) => !(own(p) && (p.why === 'type' || p.why === 'missing' || p.prop === 'verification')),
});
