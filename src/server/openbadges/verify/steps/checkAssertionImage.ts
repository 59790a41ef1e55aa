import { modelCheck } from '../model/model-check';

/**
 * An assertion's image is the baked badge at an address, never a data: URI (E984): the standard
 * keeps the unbaked image in the BadgeClass and asks that it not be duplicated here.
 */
export const checkAssertionImage = modelCheck({
  name: 'checkAssertionImage',
  group: 'credential',
  code: 'E984',
  cls: 'Assertion',
  node: (facts) => facts.assertion,
  counts: (p) => p.why === 'data-uri',
});
