import { list, obj } from '../../../ob3/verify/facts';
import type { Ob3Deps } from '../../../ob3/verify/deps';
import { fail, PASS, passWith, SKIP, type Step } from '../../../verdict/step';
import type { ClrFacts } from '../facts';

/** 1EdTech's CLR 2.0 credential schemas (VC 2.0, and "any" for VC 1.1 or 2.0). */
const CLR_SCHEMA =
  /^https:\/\/purl\.imsglobal\.org\/spec\/clr\/v2p0\/schema\/json\/clr_v2p0_(?:any)?clrcredential_schema\.json$/;

/**
 * The JSON Schemas the record names. 1EdTech's CLR schema is not bundled here (it was not to be
 * had where this was built: docs/design/clr2-plan.md, finding 1), so a record naming it is checked
 * by checkClrRecord's own rules of the CLR data model instead, and says so (W009, no item fails).
 * Any other schema is never fetched: the record could not be checked (E980, unverifiable), as for
 * OB 3.0.
 */
export const checkClrSchema: Step<ClrFacts, Ob3Deps> = {
  name: 'checkClrSchema',
  group: 'credential',
  run(f) {
    if (f.broken) return SKIP;
    const ids = list(f.credential['credentialSchema']).map((e) => obj(e)?.['id']);
    if (ids.some((id) => typeof id !== 'string' || !CLR_SCHEMA.test(id))) return fail('E980', true);
    return ids.length ? passWith('W009') : PASS;
  },
};
