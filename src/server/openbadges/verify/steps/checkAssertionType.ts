import { modelCheck, own } from '../model/model-check';

/** The assertion's `type` is present and includes `Assertion` (E981; HV-22). */
export const checkAssertionType = modelCheck({
  name: 'checkAssertionType',
  group: 'credential',
  code: 'E981',
  cls: 'Assertion',
  node: (facts) => facts.assertion,
  counts: (p) => own(p) && p.why === 'type',
});
