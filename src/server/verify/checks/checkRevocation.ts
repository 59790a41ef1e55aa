import { fail, PASS, SKIP, type Check } from '../check';
import { resolve, str } from '../context';
import { cachedRevocationList } from '../doc-cache';
import { declaresSigned } from './checkVerificationObject';
import { revocationEntry } from '../revocation';

/**
 * Signed badges, step 7 (JWS-05): the issuer's revocation list, when it has one, must not list the
 * assertion, given as a JWS or fetched at its URL (issue 33). An unreachable list means "could not
 * verify now", never "valid". (A hosted badge is revoked by its own URL, which fetchAssertion read.)
 */
export const checkRevocation: Check = {
  name: 'checkRevocation',
  async run(ctx) {
    if (!(ctx.jws || declaresSigned(ctx.assertion)) || !ctx.assertion || !ctx.issuer) return SKIP;
    const ref = ctx.issuer['revocationList'];
    if (ref === undefined) return PASS;
    const list = await cachedRevocationList(ref, () => resolve(ctx, ref, 'other'));
    if (list.kind !== 'ok') return fail('E999', true);
    const entry = revocationEntry(list.doc, str(ctx.assertion['id']));
    if (!entry) return PASS;
    ctx.revoked = { reason: str(entry['revocationReason']) };
    return fail('E999');
  },
};
