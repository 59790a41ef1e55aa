import { modelCheck, own } from '../model/model-check';

/**
 * The BadgeClass's values have their expected types, embedded Image, Criteria and AlignmentObject
 * nodes included: text for name and description, IRIs or nodes for image and criteria (E987).
 */
export const checkBadgeClassValues = modelCheck({
  name: 'checkBadgeClassValues',
  group: 'credential',
  code: 'E987',
  cls: 'BadgeClass',
  node: (facts) => facts.badge,
  counts: (p) => !(own(p) && (p.why === 'type' || p.why === 'missing')),
});
