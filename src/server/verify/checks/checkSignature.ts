import { fail, PASS, SKIP, type Check } from '../check';
import { freshSigningKey } from '../context';
import type { ParsedJws } from '../jws-parse';
import { keyOwnerProblem } from './checkKeyOwner';

const MIN_RSA_BITS = 2048;

function pemToDer(pem: string): Uint8Array<ArrayBuffer> | null {
  const m = /-----BEGIN PUBLIC KEY-----([\s\S]+?)-----END PUBLIC KEY-----/.exec(pem);
  if (!m) return null;
  try {
    return Uint8Array.from(atob((m[1] ?? '').replace(/\s+/g, '')), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * The RS256 signature over the exact bytes, with an RSA key of at least 2048 bits (JWS-06): 'key'
 * when the PEM is not such a key, 'signature' when it does not verify.
 */
export async function verifyRs256(jws: ParsedJws, publicKeyPem: unknown): Promise<'key' | 'signature' | null> {
  const der = typeof publicKeyPem === 'string' ? pemToDer(publicKeyPem) : null;
  if (!der) return 'key';
  let cryptoKey: CryptoKey;
  try {
    cryptoKey = await crypto.subtle.importKey('spki', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, [
      'verify',
    ]);
  } catch {
    return 'key';
  }
  const bits = (cryptoKey.algorithm as RsaHashedKeyAlgorithm).modulusLength;
  if (!bits || bits < MIN_RSA_BITS) return 'key';
  const valid = await crypto.subtle.verify('RSASSA-PKCS1-v1_5', cryptoKey, jws.signature, jws.signingInput);
  return valid ? null : 'signature';
}

/**
 * Signed badges, step 6: the JWS verifies with the issuer's own key. A key kept from an earlier
 * verification that does not verify it is read once more before the verdict: issuers rotate keys
 * at the same URL. The key read again must pass the same owner rules (checkKeyOwner). Spec §8 has
 * no code of its own for a bad signature; it fails issued_by with E168 (our mapping).
 */
export const checkSignature: Check = {
  name: 'checkSignature',
  async run(ctx) {
    if (!ctx.jws || !ctx.key || !ctx.issuer) return SKIP;
    if (!(await verifyRs256(ctx.jws, ctx.key['publicKeyPem']))) return PASS;
    if (ctx.keyRead) return fail('E168');
    const fresh = await freshSigningKey(ctx);
    if (fresh.kind !== 'ok') return fail('E168', fresh.kind === 'unreachable');
    if (!fresh.bound || keyOwnerProblem(fresh.doc, ctx.issuer)) return fail('E168');
    ctx.keyFound = ctx.key = fresh.doc;
    return (await verifyRs256(ctx.jws, fresh.doc['publicKeyPem'])) ? fail('E168') : PASS;
  },
};
