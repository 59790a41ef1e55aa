import { fail, PASS, SKIP, type Step } from '../../../verdict/step';
import { cachedRevocationList } from '../doc-cache';
import type { Ob2Deps, Ob2Facts } from '../facts';
import { validateNode } from '../model/validate';
import { declaresSigned } from './checkVerificationObject';

/**
 * A signed badge's issuer's RevocationList is typed as one and lists its revoked assertions as
 * IRIs or objects with an id (or a legacy uid) (E176). Read through the same per-isolate cache as
 * checkRevocation, so it is fetched once; one that could not be read is checkRevocation's E999.
 */
export const checkRevocationListDocument: Step<Ob2Facts, Ob2Deps> = {
  name: 'checkRevocationListDocument',
  group: 'issued_by',
  async run(facts, deps) {
    if (!(facts.jws || declaresSigned(facts.assertion)) || !facts.issuer || facts.version !== '2.0') return SKIP;
    const ref = facts.issuer['revocationList'];
    if (ref === undefined) return SKIP;
    const list = await cachedRevocationList(ref, () => deps.docs.resolve(ref, 'other', facts.version));
    if (list.kind !== 'ok') return SKIP;
    return validateNode(list.doc, 'RevocationList').length > 0 ? fail('E176') : PASS;
  },
};
