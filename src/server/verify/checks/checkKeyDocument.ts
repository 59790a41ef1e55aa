import { modelCheck } from '../model/model-check';

/** A signed badge's CryptographicKey: typed as one, its owner an IRI, its PEM text (E175). */
export const checkKeyDocument = modelCheck({
  name: 'checkKeyDocument',
  code: 'E175',
  cls: 'CryptographicKey',
  node: (ctx) => (ctx.jws ? (ctx.keyFound ?? ctx.key) : null),
  counts: () => true,
});
