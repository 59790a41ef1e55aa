import { fail, PASS, SKIP, type Check } from '../check';
import { issuerRef } from '../bc/state';
import { str } from '../context';

/**
 * Blockcerts, step 5 (once the anchor was found): the issuer profile at the URL the credential names (v3 `issuer`, v2
 * `badge.issuer.id`), read as plain JSON: Blockcerts profiles use their own contexts. It must
 * declare that id (a copy served elsewhere speaks for no one). Missing or not it: E168;
 * unreachable: could not verify now.
 */
export const fetchBlockcertsIssuer: Check = {
  name: 'fetchBlockcertsIssuer',
  async run(ctx) {
    const bc = ctx.bc;
    // Only for a credential whose root is on the chain: an invalid one is not looked up anywhere.
    if (!bc?.tx) return SKIP;
    const ref = issuerRef(bc);
    if (!ref || !/^https?:\/\//i.test(ref)) return fail('E168');
    const d = await ctx.src.get(ref);
    if (d.kind !== 'ok') return fail('E168', d.kind === 'unreachable');
    if (str(d.doc['id']) !== ref) return fail('E168');
    bc.profile = d.doc;
    return PASS;
  },
};
