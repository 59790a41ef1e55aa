import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import { suiteNameOf } from '../../proof/suites';
import type { Ob3Deps } from '../deps';
import { issuerIdOf, list, obj, type Ob3Facts } from '../facts';
import { findJwtKey, findProofKey, type KeyDocuments, type KeyProblem } from '../keys';

/**
 * The key of each proof we can verify, or of the VC-JWT (ob3/verify/keys.ts: did:key, did:web
 * through the outbound guard, 1EdTech's fragment key, the JWT's kid/jwk/issuer profile). A key that
 * cannot be found is E177 (issued_by); its DID document out of reach now makes it unverifiable. The
 * DID documents read are what the proof check's loader is given.
 */
export const resolveOb3Key: Step<Ob3Facts, Ob3Deps> = {
  name: 'resolveOb3Key',
  group: 'issued_by',
  async run(f, deps) {
    if (f.broken) return SKIP;
    const documents: KeyDocuments = new Map(f.documents);
    if (f.jwt) {
      if (!f.jwtHeader) return SKIP;
      const found = await findJwtKey(deps, documents, f.credential, f.jwtHeader);
      if ('problem' in found) return missing(found.problem, documents);
      return withOut(PASS, { documents, ...found.key });
    }
    const methods = list(f.credential['proof'])
      .map(obj)
      .flatMap((p) =>
        p && suiteNameOf(p) && typeof p['verificationMethod'] === 'string' ? [p['verificationMethod']] : [],
      );
    if (methods.length === 0) return SKIP;
    let problem: KeyProblem | null = null;
    for (const m of methods) problem ??= await findProofKey(deps, documents, issuerIdOf(f.credential), m);
    return problem ? missing(problem, documents) : withOut(PASS, { documents });
  },
};

const missing = (problem: KeyProblem, documents: KeyDocuments) =>
  withOut<Ob3Facts>(fail('E177', problem.unverifiable), { documents, keyMissing: true });
