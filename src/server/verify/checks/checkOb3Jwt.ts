import { verifyVcJwt } from '../../ob3/jwt/verify';
import { fail, PASS, SKIP, type Check } from '../check';

/**
 * A VC-JWT's signature with the key resolveOb3Key found (RS256, ES256 or EdDSA only, the algorithm
 * bound to the key: JWS-01/02), then its registered claims against the credential (E978) and its
 * `exp`/`nbf` against the clock (E045/E043).
 */
export const checkOb3Jwt: Check = {
  name: 'checkOb3Jwt',
  async run(ctx) {
    const s = ctx.ob3;
    if (!s?.jwt || s.broken || s.keyMissing || !s.jwk) return SKIP;
    const r = await verifyVcJwt(s.jwt, { key: s.jwk, now: new Date(ctx.now) });
    if (!r.ok) return fail(r.code);
    s.signed = true;
    return PASS;
  },
};
