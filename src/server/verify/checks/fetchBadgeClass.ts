import { fail, PASS, SKIP, type Check } from '../check';
import { resolve } from '../context';

/** The BadgeClass the assertion names (embedded or at its URL); without it nothing can be verified. */
export const fetchBadgeClass: Check = {
  name: 'fetchBadgeClass',
  async run(ctx) {
    if (!ctx.assertion) return SKIP;
    const d = await resolve(ctx, ctx.assertion['badge'], 'badge');
    if (d.kind !== 'ok') return fail('E999', d.kind === 'unreachable');
    ctx.badge = d.doc;
    return PASS;
  },
};
