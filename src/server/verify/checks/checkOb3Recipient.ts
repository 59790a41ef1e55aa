import { fail, PASS, SKIP, type Check } from '../check';
import { list, obj, subjectOf } from '../ob3/state';
import { matchRecipient, type RecipientResult } from './checkRecipient';

/**
 * Awarded to one of the addresses checked, as for OB 2.0 (E022-E025, W001/W002): the subject's
 * `identifier` IdentityObjects of type emailAddress (plain, or hashed "sha256$hex" with the salt),
 * or a `mailto:` subject id. A subject known only by a DID or URL cannot be checked (W002).
 */
export const checkOb3Recipient: Check = {
  name: 'checkOb3Recipient',
  async run(ctx) {
    const s = ctx.ob3;
    if (!s || (s.jwt && s.broken)) return SKIP;
    const subject = subjectOf(s.credential);
    const ids = list(subject?.['identifier']).map(obj);
    const emails = ids.filter((i) => i?.['identityType'] === 'emailAddress');
    const id = typeof subject?.['id'] === 'string' ? subject['id'] : null;
    let first: RecipientResult | null = null;
    for (const i of emails) {
      const r = await matchRecipient(
        { type: 'email', identity: i?.['identityHash'], hashed: i?.['hashed'], salt: i?.['salt'] },
        ctx.emails,
      );
      if (r.ok) return found(ctx, r.email);
      first ??= r;
    }
    if (!first && id?.toLowerCase().startsWith('mailto:')) {
      first = await matchRecipient({ type: 'email', identity: id.slice(7), hashed: false }, ctx.emails);
      if (first.ok) return found(ctx, first.email);
    }
    if (first && !first.ok) return fail(first.code);
    return fail(ids.length || id ? 'W002' : 'E022');
  },
};

function found(ctx: { recipient: string | null }, email: string) {
  ctx.recipient = email;
  return PASS;
}
