import { fail, PASS, SKIP, type Check } from '../check';
import { resolve } from '../context';

/**
 * The issuer Profile the badge class names, read from its own id (an embedded copy or one that
 * declares another id only points there, context.ts `resolve`). Missing or unreadable, the issuer
 * is not verified (E168); unreachable, the badge could not be verified now (HV-08).
 */
export const fetchIssuer: Check = {
  name: 'fetchIssuer',
  async run(ctx) {
    if (!ctx.badge) return SKIP;
    const d = await resolve(ctx, ctx.badge['issuer'], 'issuer', true);
    if (d.kind !== 'ok') return fail('E168', d.kind === 'unreachable');
    ctx.profileFound = d.doc;
    ctx.profileBound = d.bound;
    return PASS;
  },
};
