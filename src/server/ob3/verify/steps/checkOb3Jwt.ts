import { fail, SKIP, PASS, withOut, type Step } from '../../../verdict/step';
import { verifyVcJwt } from '../../jwt/verify';
import type { Ob3Deps } from '../deps';
import type { Ob3Facts } from '../facts';

/**
 * A VC-JWT's signature with the key resolveOb3Key found (RS256, ES256 or EdDSA only, the algorithm
 * bound to the key: JWS-01/02), then its registered claims against the credential (E978) and its
 * `exp`/`nbf` against the clock (E045/E043).
 */
export const checkOb3Jwt: Step<Ob3Facts, Ob3Deps> = {
  name: 'checkOb3Jwt',
  group: 'issued_by',
  async run(f, deps) {
    if (!f.jwt || f.broken || f.keyMissing || !f.jwk) return SKIP;
    const r = await verifyVcJwt(f.jwt, { key: f.jwk, now: new Date(deps.now) });
    return r.ok ? withOut(PASS, { signed: true }) : fail(r.code);
  },
};
