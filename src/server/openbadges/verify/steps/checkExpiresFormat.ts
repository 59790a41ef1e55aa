import { modelCheck, own } from '../model/model-check';

/**
 * An OB 2.0 expiry, when present, is one DateTime string with the time and a time zone (E044). A
 * value JSON-LD could not keep as a date (an object, a number) counts too, instead of reading as
 * "never expires".
 */
export const checkExpiresFormat = modelCheck({
  name: 'checkExpiresFormat',
  group: 'expires_on',
  code: 'E044',
  cls: 'Assertion',
  node: (facts) => facts.assertion,
  counts: (p) => own(p) && p.prop === 'expires',
});
