import { fail, PASS, SKIP, type Check } from '../check';
import type { Obj } from '../context';

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
export const checkKeyOwner: Check = {
  name: 'checkKeyOwner',
  run(ctx) {
    if (!ctx.jws || !ctx.keyFound || !ctx.issuer) return SKIP;
    if (!ctx.keyBound || keyOwnerProblem(ctx.keyFound, ctx.issuer)) return fail('E168');
    ctx.key = ctx.keyFound;
    return PASS;
  },
};
