import { parseVcJwt } from '../../ob3/jwt/parse';
import { suiteNameOf } from '../../ob3/proof/suites';
import { fail, PASS, SKIP, type Check } from '../check';
import { findJwtKey, findProofKey, type KeyProblem } from '../ob3/keys';
import { list, obj } from '../ob3/state';

/**
 * The key of each proof we can verify, or of the VC-JWT (ob3/keys.ts: did:key, did:web through the
 * outbound guard, 1EdTech's fragment key, the JWT's kid/jwk/issuer profile). A key that cannot be
 * found is E177 (issued_by); its DID document out of reach now makes it unverifiable.
 */
export const resolveOb3Key: Check = {
  name: 'resolveOb3Key',
  async run(ctx) {
    const s = ctx.ob3;
    if (!s || s.broken) return SKIP;
    let problem: KeyProblem | null = null;
    if (s.jwt) {
      const parsed = parseVcJwt(s.jwt);
      if (!parsed.ok) return SKIP;
      problem = await findJwtKey(ctx, s, parsed.header as { kid?: string; jwk?: unknown });
    } else {
      const proofs = list(s.credential['proof']).map(obj);
      const methods = proofs.flatMap((p) =>
        p && suiteNameOf(p) && typeof p['verificationMethod'] === 'string' ? [p['verificationMethod']] : [],
      );
      if (methods.length === 0) return SKIP;
      for (const m of methods) problem ??= await findProofKey(ctx, s, m);
    }
    if (!problem) return PASS;
    s.keyMissing = true;
    return fail('E177', problem.unverifiable);
  },
};
