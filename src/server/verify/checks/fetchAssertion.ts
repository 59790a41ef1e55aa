import { fail, PASS, SKIP, type Check } from '../check';
import { str, type Obj, type VerifyContext } from '../context';
import { formatOf, formatOfJws } from '../format';
import { refuseFormat, startBlockcerts } from './detectFormat';
import { startOb3 } from './readOb3Credential';

/** Where a hosted assertion lives: its id, or for a 1.0/1.1 badge its `verify.url`. */
function hostedAddress(doc: Obj): string | null {
  const id = str(doc['id']);
  if (id && /^https?:/i.test(id)) return id;
  return str((doc['verify'] as Obj | null | undefined)?.['url']);
}

function revokedBy(ctx: VerifyContext, doc: Obj | null) {
  ctx.found = doc;
  ctx.revoked = { reason: str(doc?.['revocationReason']) };
  return fail('E999');
}

/**
 * Hosted badges: the assertion is fetched at its URL, and the copy found there wins over any JSON
 * given (HV-04: the JSON only tells where it lives). HTTP 410 or `revoked: true` means revoked
 * (HV-03); the document must name the address it was found at as its id. What is found there may
 * be a Blockcerts or an OB 3.0 credential (verified as such) or no badge at all: it gets its own
 * answer.
 */
export const fetchAssertion: Check = {
  name: 'fetchAssertion',
  async run(ctx) {
    if (ctx.input.kind === 'jws' || ctx.format) return SKIP;
    const url = ctx.input.kind === 'url' ? ctx.input.url : hostedAddress(ctx.input.doc);
    if (!url || !/^https?:/i.test(url)) return fail('E999');
    const d = await ctx.src.get(url);
    if (d.kind === 'gone') return revokedBy(ctx, d.doc);
    // A compact VC-JWT holding an OB 3.0 credential (issue 21) is read as one; anything else that is
    // not JSON (an HTML page, say) is no badge.
    if (d.kind === 'unreadable' && d.jwt && formatOfJws(d.jwt) === 'ob3') return startOb3(ctx, null, d.jwt, d.url);
    if (d.kind === 'unreadable') return refuseFormat(ctx, 'unknown');
    if (d.kind !== 'ok') return fail('E999', d.kind === 'unreachable');
    const format = formatOf(d.doc);
    // A Blockcerts credential at a URL (an AssertionBC, say) proves itself by its proof, not its address.
    if (format === 'blockcerts') return startBlockcerts(ctx, d.doc);
    // So does an OB 3.0 credential (issue 21); where it was found is kept for the import.
    if (format === 'ob3') return startOb3(ctx, d.doc, null, d.url);
    if (format !== 'ob2') return refuseFormat(ctx, format);
    if (d.doc['revoked'] === true) return revokedBy(ctx, d.doc);
    const declared = hostedAddress(d.doc);
    if (declared !== url && declared !== d.url) return fail('E999');
    ctx.found = d.doc;
    ctx.hostedAt = d.url;
    return PASS;
  },
};
