import { fail, PASS, SKIP, type Check } from '../check';
import { signingKey } from '../context';

/**
 * Signed badges, step 5: the key named by `verification.creator` is fetched (kept per isolate for
 * ten minutes, doc-cache.ts). Without a usable key the badge's issuer is not verified (E168);
 * unreachable, it could not be verified now.
 */
export const fetchKey: Check = {
  name: 'fetchKey',
  async run(ctx) {
    if (!ctx.jws || !ctx.assertion) return SKIP;
    const d = await signingKey(ctx);
    if (d.kind !== 'ok') return fail('E168', d.kind === 'unreachable');
    ctx.keyFound = d.doc;
    ctx.keyBound = d.bound;
    return PASS;
  },
};
