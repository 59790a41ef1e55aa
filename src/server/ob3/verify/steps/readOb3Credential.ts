import { fail, PASS, withOut, type Step } from '../../../verdict/step';
import { parseVcJwt } from '../../jwt/parse';
import type { Ob3Deps } from '../deps';
import { list, type Ob3Facts } from '../facts';

/** More proofs than any issuer needs: each costs a canonicalisation (and maybe a DID fetch). */
const MAX_PROOFS = 8;

/**
 * Reads the credential: a VC-JWT's `vc` claim (VC 1.1) or its payload (VC Data Model 2.0), with the
 * algorithm and header rules of ob3/jwt/parse.ts (JWS-01/02: none and HS* never read, E991; a header
 * key with a private part, E978; no credential inside, E980). JSON is read as given, but more than
 * eight proofs is refused before any is checked (E980: a cap on the work one request can ask for).
 */
export const readOb3Credential: Step<Ob3Facts, Ob3Deps> = {
  name: 'readOb3Credential',
  group: 'credential',
  run(f) {
    if (!f.jwt)
      return list(f.credential['proof']).length <= MAX_PROOFS ? PASS : withOut(fail('E980'), { broken: true });
    const parsed = parseVcJwt(f.jwt);
    if (!parsed.ok)
      return withOut(fail(parsed.code === 'E991' || parsed.code === 'E978' ? parsed.code : 'E980'), { broken: true });
    return withOut(PASS, { credential: parsed.credential, jwtHeader: parsed.header as Ob3Facts['jwtHeader'] });
  },
};
