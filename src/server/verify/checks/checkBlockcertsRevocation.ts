import { fail, PASS, SKIP, type Check } from '../check';
import { str } from '../context';
import { revocationEntry } from '../revocation';

/**
 * Blockcerts, step 7: the issuer's revocationList, when it has one, must not list the credential's
 * id. Unreachable or unreadable, the credential could not be verified now.
 */
export const checkBlockcertsRevocation: Check = {
  name: 'checkBlockcertsRevocation',
  async run(ctx) {
    const bc = ctx.bc;
    if (!bc?.profile) return SKIP;
    const ref = bc.profile['revocationList'];
    if (ref === undefined) return PASS;
    const list = await ctx.src.get(ref);
    if (list.kind !== 'ok') return fail('E999', true);
    const entry = revocationEntry(list.doc, str(bc.doc['id']));
    if (!entry) return PASS;
    ctx.revoked = { reason: str(entry['revocationReason']) };
    return fail('E999');
  },
};
