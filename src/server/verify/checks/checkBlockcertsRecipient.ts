import { fail, PASS, SKIP, type Check } from '../check';
import { recipientOf } from '../bc/state';
import { matchRecipient } from './checkRecipient';

/**
 * Blockcerts: awarded to one of the addresses checked, by the Open Badges identity object it
 * carries (v2 `recipient`, v3 `credentialSubject.recipient`, hashed email with a salt): E022-E025.
 */
export const checkBlockcertsRecipient: Check = {
  name: 'checkBlockcertsRecipient',
  async run(ctx) {
    const bc = ctx.bc;
    if (!bc) return SKIP;
    const r = await matchRecipient(recipientOf(bc), ctx.emails);
    if (!r.ok) return fail(r.code);
    ctx.recipient = r.email;
    return PASS;
  },
};
