import { fail, PASS, SKIP, type Check } from '../check';
import { resolve, signingKey, str } from '../context';
import { normalizeDoc } from '../ld/normalize';

/**
 * The assertion read as JSON-LD with the bundled contexts only (DATA-04), a legacy 1.0/1.1 badge
 * upgraded to the 2.0 shape. A 1.x signed badge is not checked half-way: "could not verify", not
 * "invalid". Once it is read, the badge class and a signed badge's key are fetched side by side.
 */
export const readAssertion: Check = {
  name: 'readAssertion',
  async run(ctx) {
    if (!ctx.found || ctx.revoked) return SKIP;
    const read = await normalizeDoc(ctx.found, 'assertion', ctx.hostedAt ?? '');
    if (!read.ok) return fail('E999', read.why === 'legacy-signed');
    if (read.doc['revoked'] === true) {
      ctx.revoked = { reason: str(read.doc['revocationReason']) };
      return fail('E999');
    }
    ctx.assertion = read.doc;
    ctx.version = read.version;
    void resolve(ctx, read.doc['badge'], 'badge');
    if (ctx.jws) void signingKey(ctx);
    return PASS;
  },
};
