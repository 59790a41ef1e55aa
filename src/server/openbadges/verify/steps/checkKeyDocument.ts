import { modelCheck } from '../model/model-check';

/** A signed badge's CryptographicKey: typed as one, its owner an IRI, its PEM text (E175). */
export const checkKeyDocument = modelCheck({
  name: 'checkKeyDocument',
  group: 'issued_by',
  code: 'E175',
  cls: 'CryptographicKey',
  node: (facts) => (facts.jws ? (facts.keyFound ?? facts.key) : null),
  counts: () => true,
});
