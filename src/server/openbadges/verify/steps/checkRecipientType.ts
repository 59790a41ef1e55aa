import { modelCheck } from '../model/model-check';

/** The recipient IdentityObject names one identifier property in `type` (email, url, ...) (E027). */
export const checkRecipientType = modelCheck({
  name: 'checkRecipientType',
  group: 'awarded_to',
  code: 'E027',
  cls: 'IdentityObject',
  node: (facts) => objectOrNull(facts.assertion?.['recipient']),
  counts: (p) => p.why === 'type',
});

/** A recipient that is not an object has no identity at all: checkRecipient reports E022. */
export const objectOrNull = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? v : null);
