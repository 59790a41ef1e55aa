import { modelCheck, own } from '../model/model-check';

/** The BadgeClass has its required id, name, description, image, criteria and issuer (E986). */
export const checkBadgeClassRequired = modelCheck({
  name: 'checkBadgeClassRequired',
  code: 'E986',
  cls: 'BadgeClass',
  node: (ctx) => ctx.badge,
  counts: (p) => own(p) && p.why === 'missing',
});
