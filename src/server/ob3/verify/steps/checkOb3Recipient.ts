import { matchRecipient, type RecipientResult } from '../../../verdict/recipient';
import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import type { Ob3Deps } from '../deps';
import { list, obj, subjectOf, type Ob3Facts } from '../facts';

/**
 * Awarded to one of the addresses checked, as for OB 2.0 (E022-E025, W001/W002): the subject's
 * `identifier` IdentityObjects of type emailAddress (plain, or hashed "sha256$hex" with the salt),
 * or a `mailto:` subject id. A subject known only by a DID or URL cannot be checked (W002).
 */
export const checkOb3Recipient: Step<Ob3Facts, Ob3Deps> = {
  name: 'checkOb3Recipient',
  group: 'awarded_to',
  async run(f, deps) {
    if (f.jwt && f.broken) return SKIP;
    const subject = subjectOf(f.credential);
    const ids = list(subject?.['identifier']).map(obj);
    const emails = ids.filter((i) => i?.['identityType'] === 'emailAddress');
    const id = typeof subject?.['id'] === 'string' ? subject['id'] : null;
    let first: RecipientResult | null = null;
    for (const i of emails) {
      const r = await matchRecipient(
        { type: 'email', identity: i?.['identityHash'], hashed: i?.['hashed'], salt: i?.['salt'] },
        deps.emails,
      );
      if (r.ok) return withOut(PASS, { recipient: r.email });
      first ??= r;
    }
    if (!first && id?.toLowerCase().startsWith('mailto:')) {
      first = await matchRecipient({ type: 'email', identity: id.slice(7), hashed: false }, deps.emails);
      if (first.ok) return withOut(PASS, { recipient: first.email });
    }
    if (first && !first.ok) return fail(first.code);
    return fail(ids.length || id ? 'W002' : 'E022');
  },
};
