import { modelCheck, own } from '../model/model-check';

/** The BadgeClass has its required id, name, description, image, criteria and issuer (E986). */
export const checkBadgeClassRequired = modelCheck({
  name: 'checkBadgeClassRequired',
  group: 'credential',
  code: 'E986',
  cls: 'BadgeClass',
  node: (facts) => facts.badge,
  counts: (p) => own(p) && p.why === 'missing',
});
