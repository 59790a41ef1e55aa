import type { VerifyDeps } from '../../../verdict/deps';
import { matchRecipient } from '../../../verdict/recipient';
import { fail, PASS, withOut, type Step } from '../../../verdict/step';
import { recipientOf, type BcFacts } from '../facts';

/**
 * Blockcerts: awarded to one of the addresses checked, by the Open Badges identity object it
 * carries (v2 `recipient`, v3 `credentialSubject.recipient`, hashed email with a salt): E022-E025.
 */
export const checkBlockcertsRecipient: Step<BcFacts, VerifyDeps> = {
  name: 'checkBlockcertsRecipient',
  group: 'awarded_to',
  async run(facts, deps) {
    const r = await matchRecipient(recipientOf(facts), deps.emails);
    if (!r.ok) return fail(r.code);
    return withOut(PASS, { recipient: r.email });
  },
};
