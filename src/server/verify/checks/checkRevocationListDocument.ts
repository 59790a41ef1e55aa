import { fail, PASS, SKIP, type Check } from '../check';
import { resolve } from '../context';
import { cachedRevocationList } from '../doc-cache';
import { declaresSigned } from './checkVerificationObject';
import { validateNode } from '../model/validate';

/**
 * A signed badge's issuer's RevocationList is typed as one and lists its revoked assertions as
 * IRIs or objects with an id (or a legacy uid) (E176). Read through the same per-isolate cache as
 * checkRevocation, so it is fetched once; one that could not be read is checkRevocation's E999.
 */
export const checkRevocationListDocument: Check = {
  name: 'checkRevocationListDocument',
  async run(ctx) {
    if (!(ctx.jws || declaresSigned(ctx.assertion)) || !ctx.issuer || ctx.version !== '2.0') return SKIP;
    const ref = ctx.issuer['revocationList'];
    if (ref === undefined) return SKIP;
    const list = await cachedRevocationList(ref, () => resolve(ctx, ref, 'other'));
    if (list.kind !== 'ok') return SKIP;
    return validateNode(list.doc, 'RevocationList').length > 0 ? fail('E176') : PASS;
  },
};
