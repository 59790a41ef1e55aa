import { modelCheck, own } from '../model/model-check';

/**
 * Checked elsewhere, each with its own code: the type (E981), the dates (E042, E044), the
 * recipient (E022, E027, E028) and the verification object (E983).
 */
const ELSEWHERE = new Set(['type', 'issuedOn', 'expires', 'recipient', 'verification']);

/**
 * Every other property of the assertion the OB 2.0 table lists is present when required and of
 * its expected type: id, badge, image, evidence, narrative, revoked... (E982).
 */
export const checkAssertionProperties = modelCheck({
  name: 'checkAssertionProperties',
  group: 'credential',
  code: 'E982',
  cls: 'Assertion',
  node: (facts) => facts.assertion,
  counts: (p) => p.why !== 'data-uri' && !(own(p) && ELSEWHERE.has(p.prop)),
});
