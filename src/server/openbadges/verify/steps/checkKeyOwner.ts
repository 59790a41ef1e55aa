import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import type { Ob2Deps, Ob2Facts, Obj } from '../facts';

/** Why a key is not the issuer's own, or null when it is. */
export function keyOwnerProblem(key: Obj, issuer: Obj): 'key-not-listed' | 'key-owner' | null {
  const declared = issuer['publicKey'];
  const listed = (Array.isArray(declared) ? declared : [declared]).map((k) =>
    typeof k === 'object' && k !== null ? (k as Obj)['id'] : k,
  );
  if (typeof key['id'] !== 'string' || !listed.includes(key['id'])) return 'key-not-listed';
  if (typeof issuer['id'] !== 'string' || key['owner'] !== issuer['id']) return 'key-owner';
  return null;
}

/**
 * Signed badges, step 4 (JWS-04, HV-20): the key must declare the id it was read from (a key served
 * elsewhere claiming another's id is not that key), be listed in the issuer profile's `publicKey`
 * and name that issuer as its `owner`. Only a key that passed is used for the signature.
 */
export const checkKeyOwner: Step<Ob2Facts, Ob2Deps> = {
  name: 'checkKeyOwner',
  group: 'issued_by',
  run(facts) {
    if (!facts.jws || !facts.keyFound || !facts.issuer) return SKIP;
    if (!facts.keyBound || keyOwnerProblem(facts.keyFound, facts.issuer)) return fail('E168');
    return withOut(PASS, { key: facts.keyFound });
  },
};
