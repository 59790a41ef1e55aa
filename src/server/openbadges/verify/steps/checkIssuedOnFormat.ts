import { modelCheck, own } from '../model/model-check';

/**
 * An OB 2.0 issue date is one DateTime string with the time and a time zone, on a real calendar
 * day (E042): a plain date, a Unix time or an object is not one, even where a lenient parser would
 * read something. checkIssuedOn then judges the date itself.
 */
export const checkIssuedOnFormat = modelCheck({
  name: 'checkIssuedOnFormat',
  group: 'issued_on',
  code: 'E042',
  cls: 'Assertion',
  node: (facts) => facts.assertion,
  counts: (p) => own(p) && p.prop === 'issuedOn',
});
