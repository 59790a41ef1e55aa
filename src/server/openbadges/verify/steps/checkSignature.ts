import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import type { Ob2Deps, Ob2Facts, Obj } from '../facts';
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
 * Whether the JWS does not match its contents with the key the badge names (`verification.creator`),
 * whoever's key that is: a key kept from an earlier verification is read once more first, since
 * issuers replace keys at the same URL. An unusable key, or one that cannot be read again, says
 * nothing either way.
 */
async function mismatched(
  facts: Readonly<Ob2Facts>,
  deps: Ob2Deps,
  assertion: Obj,
  jws: ParsedJws,
  key: Obj,
): Promise<boolean> {
  if ((await verifyRs256(jws, key['publicKeyPem'])) !== 'signature') return false;
  if ((await deps.docs.signingKey(assertion, facts.version)).read) return true;
  const fresh = await deps.docs.freshSigningKey(assertion, facts.version);
  return fresh.kind === 'ok' && (await verifyRs256(jws, fresh.doc['publicKeyPem'])) === 'signature';
}

/**
 * Signed badges, step 6: the JWS verifies with the issuer's own key. A key kept from an earlier
 * verification that does not verify it is read once more before the verdict: issuers rotate keys
 * at the same URL. The key read again must pass the same owner rules (checkKeyOwner); a key that
 * cannot be read again or is not the issuer's is E168. A signature that the key does not verify
 * means the badge was altered after signing (or damaged): E179, which fails all four items, since
 * nothing it says is then the issuer's (issue 33; spec §8 has no code of its own for it). That is
 * asked of the key the badge names even when the chain broke before it (a badge class or issuer
 * not found, a key not the issuer's): a changed URL in the badge is reported as the change it is.
 */
export const checkSignature: Step<Ob2Facts, Ob2Deps> = {
  name: 'checkSignature',
  group: 'credential',
  async run(facts, deps) {
    const { jws, assertion } = facts;
    // A key was found only for an assertion that was read (fetchKey), so the key's memo is there.
    if (!jws || !assertion) return SKIP;
    if (!facts.key || !facts.issuer)
      return facts.keyFound && (await mismatched(facts, deps, assertion, jws, facts.keyFound)) ? fail('E179') : SKIP;
    const first = await verifyRs256(jws, facts.key['publicKeyPem']);
    if (!first) return PASS;
    if ((await deps.docs.signingKey(assertion, facts.version)).read)
      return fail(first === 'signature' ? 'E179' : 'E168');
    const fresh = await deps.docs.freshSigningKey(assertion, facts.version);
    if (fresh.kind !== 'ok') return fail('E168', fresh.kind === 'unreachable');
    if (!fresh.bound || keyOwnerProblem(fresh.doc, facts.issuer)) return fail('E168');
    // The key read again is the one judged from here on, whatever it says of the signature.
    const out = { keyFound: fresh.doc, key: fresh.doc };
    const again = await verifyRs256(jws, fresh.doc['publicKeyPem']);
    return withOut(again === 'signature' ? fail('E179') : again ? fail('E168') : PASS, out);
  },
};
