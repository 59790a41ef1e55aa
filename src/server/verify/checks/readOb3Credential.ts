import { parseVcJwt } from '../../ob3/jwt/parse';
import { fail, PASS, SKIP, type Check } from '../check';
import type { Obj, VerifyContext } from '../context';
import { list, newOb3State } from '../ob3/state';

/** More proofs than any issuer needs: each costs a canonicalisation (and maybe a DID fetch). */
const MAX_PROOFS = 8;

/**
 * An Open Badges 3.0 credential (issue 21), given as JSON, a compact VC-JWT (pasted or baked) or
 * found at a URL: the OB 3.0 checks verify it, the Open Badges 2.0 ones then skip.
 */
export function startOb3(ctx: VerifyContext, doc: Obj | null, jwt: string | null, url: string | null) {
  ctx.format = 'ob3';
  ctx.ob3 = newOb3State(doc ?? {}, jwt, url);
  return PASS;
}

/**
 * Reads the credential: a VC-JWT's `vc` claim (VC 1.1) or its payload (VC Data Model 2.0), with the
 * algorithm and header rules of ob3/jwt/parse.ts (JWS-01/02: none and HS* never read, E991; a header
 * key with a private part, E978; no credential inside, E980). JSON is read as given, but more than
 * eight proofs is refused before any is checked (E980: a cap on the work one request can ask for).
 */
export const readOb3Credential: Check = {
  name: 'readOb3Credential',
  run(ctx) {
    const s = ctx.ob3;
    if (!s) return SKIP;
    if (!s.jwt) {
      if (list(s.credential['proof']).length <= MAX_PROOFS) return PASS;
      s.broken = true;
      return fail('E980');
    }
    const parsed = parseVcJwt(s.jwt);
    if (!parsed.ok) {
      s.broken = true;
      return fail(parsed.code === 'E991' || parsed.code === 'E978' ? parsed.code : 'E980');
    }
    s.credential = parsed.credential;
    return PASS;
  },
};
