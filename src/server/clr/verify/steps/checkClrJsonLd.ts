import type { Ob3Deps } from '../../../ob3/verify/deps';
import { list } from '../../../ob3/verify/facts';
import { checkOb3JsonLd } from '../../../ob3/verify/steps/checkOb3JsonLd';
import { PASS, type Step } from '../../../verdict/step';
import type { ClrFacts } from '../facts';

/**
 * The whole record, nested credentials included, is valid JSON-LD in safe mode (E980), as for OB
 * 3.0. When its embedded proof verified, that is already proven: every proof suite read here
 * canonicalizes the document in safe mode before it checks the signature, and a term no context
 * defines fails it there. Expanding a record of 40 courses again would cost as much as its proof
 * did (about 190 ms: jsonld processes each nested credential's contexts afresh), so it is expanded
 * here unless its one proof verified: a VC-JWT, no key, a proof that did not verify, or several
 * proofs (one of a suite not read here is never canonicalized) are expanded.
 */
export const checkClrJsonLd: Step<ClrFacts, Ob3Deps> = {
  name: 'checkClrJsonLd',
  group: 'credential',
  run(f, deps) {
    if (f.signed && !f.jwt && list(f.credential['proof']).length === 1) return PASS;
    return checkOb3JsonLd.run(f, deps);
  },
};
