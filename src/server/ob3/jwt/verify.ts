import { compactVerify, errors, importJWK, type JWK } from 'jose';
import { claimDisagreements } from './claims';
import { parseVcJwt } from './parse';
import { refuse, type KeyResolver, type VcJwtResult } from './result';

export type { KeyResolver, VcJwtResult } from './result';

export interface VerifyVcJwtOptions {
  /** The issuer's key when the caller already knows it. */
  key?: JWK;
  /** Otherwise a lookup from the header (`kid`, `jwk`) and the credential (issuer profile, did:key). */
  resolveKey?: KeyResolver;
  now?: Date;
}

/** Clock skew allowed on `exp` and `nbf`, as for the portal's ID tokens. */
const SKEW_SECONDS = 60;

/**
 * Verifies a compact VC-JWT for OB 3.0: parsed and refused as {@link parseVcJwt} says, the key taken
 * from `options`, the signature checked with that key under the header's algorithm only (a mismatch
 * is E179, a key that cannot check it E168), then the registered claims matched against the
 * credential and `exp` / `nbf` against the clock. Never throws.
 */
export async function verifyVcJwt(jwt: string, options: VerifyVcJwtOptions): Promise<VcJwtResult> {
  const parsed = parseVcJwt(jwt);
  if (!parsed.ok) return parsed;
  const { header, payload, credential } = parsed;
  const alg = header.alg as string;
  let jwk: JWK | undefined;
  try {
    jwk = options.key ?? (await options.resolveKey?.(header, credential));
  } catch {
    jwk = undefined;
  }
  if (!jwk) return refuse('E177', 'no key was found for this JWT', credential);
  if ('d' in jwk) return refuse('E168', 'the key given is a private key', credential);
  if (jwk.alg !== undefined && jwk.alg !== alg)
    return refuse('E168', `the key is for ${jwk.alg}, not ${alg}`, credential);
  try {
    const key = await importJWK(jwk, alg);
    await compactVerify(jwt.trim(), key, { algorithms: [alg] });
  } catch (err) {
    // The key was usable and the signature does not match the token: altered after signing (E179).
    if (err instanceof errors.JWSSignatureVerificationFailed)
      return refuse('E179', `the signature does not match the token with the ${alg} key`, credential);
    return refuse('E168', `the ${alg} key cannot verify this token`, credential);
  }
  const disagreements = claimDisagreements(payload, credential);
  if (disagreements.length) return refuse('E978', disagreements.join('; '), credential);
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (typeof payload.exp === 'number' && payload.exp + SKEW_SECONDS <= now)
    return refuse('E045', 'the JWT has expired (exp)', credential);
  if (typeof payload.nbf === 'number' && payload.nbf - SKEW_SECONDS > now)
    return refuse('E043', 'the JWT is not valid yet (nbf)', credential);
  return parsed;
}

/**
 * A resolver that takes the key the JWT's own header carries (`jwk`): it proves only that someone
 * signed, so use it only where that is accepted (plan decision D1).
 */
export const headerJwk: KeyResolver = async (header) => header.jwk as JWK | undefined;
