import { modelCheck } from '../model/model-check';
import { objectOrNull } from './checkRecipientType';

/**
 * The recipient's `identity` is text, `hashed` is present and a boolean, `salt` is text (E028). A
 * missing identity is checkRecipient's E022.
 */
export const checkRecipientValues = modelCheck({
  name: 'checkRecipientValues',
  group: 'awarded_to',
  code: 'E028',
  cls: 'IdentityObject',
  node: (facts) => objectOrNull(facts.assertion?.['recipient']),
  counts: (p) => p.why !== 'type' && !(p.prop === 'identity' && p.why === 'missing'),
});
