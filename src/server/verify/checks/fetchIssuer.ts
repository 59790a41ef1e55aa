import { fail, PASS, SKIP, type Check } from '../check';
import { resolve } from '../context';

/**
 * The issuer Profile the badge class names. Missing or unreadable, the issuer is not verified
 * (E168); unreachable, the badge could not be verified now (HV-08).
 */
export const fetchIssuer: Check = {
  name: 'fetchIssuer',
  async run(ctx) {
    if (!ctx.badge) return SKIP;
    const d = await resolve(ctx, ctx.badge['issuer'], 'issuer');
    if (d.kind !== 'ok') return fail('E168', d.kind === 'unreachable');
    ctx.profileFound = d.doc;
    return PASS;
  },
};
