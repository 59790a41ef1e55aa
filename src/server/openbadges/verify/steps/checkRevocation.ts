import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import { revocationEntry } from '../../../verdict/revocation';
import { cachedRevocationList } from '../doc-cache';
import { str, type Ob2Deps, type Ob2Facts } from '../facts';
import { declaresSigned } from './checkVerificationObject';

/**
 * Signed badges, step 7 (JWS-05): the issuer's revocation list, when it has one, must not list the
 * assertion, given as a JWS or fetched at its URL (issue 33). An unreachable list means "could not
 * verify now", never "valid". (A hosted badge is revoked by its own URL, which fetchAssertion read.)
 */
export const checkRevocation: Step<Ob2Facts, Ob2Deps> = {
  name: 'checkRevocation',
  group: 'credential',
  async run(facts, deps) {
    if (!(facts.jws || declaresSigned(facts.assertion)) || !facts.assertion || !facts.issuer) return SKIP;
    const ref = facts.issuer['revocationList'];
    if (ref === undefined) return PASS;
    const list = await cachedRevocationList(ref, () => deps.docs.resolve(ref, 'other', facts.version));
    if (list.kind !== 'ok') return fail('E999', true);
    const entry = revocationEntry(list.doc, str(facts.assertion['id']));
    if (!entry) return PASS;
    return withOut(fail('E999'), { revoked: { reason: str(entry['revocationReason']) } });
  },
};
