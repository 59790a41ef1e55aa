import type { ParsedJws } from '../jws-parse';

/** Spec §8 has no code of its own for a bad signature; it fails issued_by with E168 (our mapping). */
export type SignatureResult = { ok: true } | { ok: false; why: 'key-not-listed' | 'key-owner' | 'key' | 'signature' };

export interface KeyDocument {
  id?: unknown;
  owner?: unknown;
  publicKeyPem?: unknown;
}

const MIN_RSA_BITS = 2048;

/**
 * Signed verification (OB 2.0, JWS-04 and JWS-06): the key is the one named by the assertion's
 * `verification.creator`, it must be listed in the issuer profile's `publicKey` and owned by the
 * issuer, be RSA of at least 2048 bits, and verify the RS256 signature over the exact bytes.
 */
export async function checkSignature(
  jws: ParsedJws,
  key: KeyDocument,
  issuer: { id?: unknown; publicKey?: unknown },
): Promise<SignatureResult> {
  const listed = (Array.isArray(issuer.publicKey) ? issuer.publicKey : [issuer.publicKey]).map((k) =>
    typeof k === 'object' && k !== null ? (k as { id?: unknown }).id : k,
  );
  if (typeof key.id !== 'string' || !listed.includes(key.id)) return { ok: false, why: 'key-not-listed' };
  if (typeof issuer.id !== 'string' || key.owner !== issuer.id) return { ok: false, why: 'key-owner' };
  if (typeof key.publicKeyPem !== 'string') return { ok: false, why: 'key' };
  const der = pemToDer(key.publicKeyPem);
  if (!der) return { ok: false, why: 'key' };
  let cryptoKey: CryptoKey;
  try {
    cryptoKey = await crypto.subtle.importKey('spki', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, [
      'verify',
    ]);
  } catch {
    return { ok: false, why: 'key' };
  }
  const bits = (cryptoKey.algorithm as RsaHashedKeyAlgorithm).modulusLength;
  if (!bits || bits < MIN_RSA_BITS) return { ok: false, why: 'key' };
  const valid = await crypto.subtle.verify('RSASSA-PKCS1-v1_5', cryptoKey, jws.signature, jws.signingInput);
  return valid ? { ok: true } : { ok: false, why: 'signature' };
}

function pemToDer(pem: string): Uint8Array<ArrayBuffer> | null {
  const m = /-----BEGIN PUBLIC KEY-----([\s\S]+?)-----END PUBLIC KEY-----/.exec(pem);
  if (!m) return null;
  try {
    return Uint8Array.from(atob((m[1] ?? '').replace(/\s+/g, '')), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}
