import type { VerifyDeps } from '../../../verdict/deps';
import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
// Shared with Open Badges 2.0 and the import's re-verification: its home is the orchestrator's to decide.
import { revocationEntry } from '../../../verdict/revocation';
import { str, type BcFacts } from '../facts';

/**
 * Blockcerts, step 7: the issuer's revocationList, when it has one, must not list the credential's
 * id. Unreachable or unreadable, the credential could not be verified now.
 */
export const checkBlockcertsRevocation: Step<BcFacts, VerifyDeps> = {
  name: 'checkBlockcertsRevocation',
  group: 'credential',
  async run(facts, deps) {
    if (!facts.profile) return SKIP;
    const ref = facts.profile['revocationList'];
    if (ref === undefined) return PASS;
    const list = await deps.src.get(ref);
    if (list.kind !== 'ok') return fail('E999', true);
    const entry = revocationEntry(list.doc, str(facts.doc['id']));
    if (!entry) return PASS;
    return withOut(fail('E999'), { revoked: { reason: str(entry['revocationReason']) } });
  },
};
