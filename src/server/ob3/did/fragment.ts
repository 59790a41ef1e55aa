import { parseMultikey, type Ed25519Key, type KeyResult } from './key';

export type FragmentKey = Ed25519Key & { keyId: string; controller: string };
export type FragmentError = 'not-a-url' | 'controller-not-issuer';

/**
 * The rule 1EdTech's validator applies and most of its fixtures rely on (plan finding 3, decision D1):
 * a verification method `https://issuer.example/issuers/1#z6Mk…` (Ed25519; or `#zDn…`, P-256 for
 * ecdsa-sd-2023) carries the public key itself as its URL fragment, its controller is the URL before `#`, and that must be the credential's `issuer.id`.
 * Nothing is fetched, so the key is self-asserted: callers use it only when told to (option
 * `fragmentKeys`, off by default; the lead decides).
 */
export function fragmentKey(
  verificationMethod: string,
  issuerId: string | null,
): KeyResult<FragmentKey> | { ok: false; error: FragmentError } {
  const hash = verificationMethod.indexOf('#');
  const controller = hash > 0 ? verificationMethod.slice(0, hash) : '';
  if (!/^https?:\/\/[^\s#]+$/i.test(controller)) return { ok: false, error: 'not-a-url' };
  const key = parseMultikey(verificationMethod.slice(hash + 1));
  if (!key.ok) return key;
  if (issuerId === null || controller !== issuerId) return { ok: false, error: 'controller-not-issuer' };
  return { ok: true, value: { ...key.value, keyId: verificationMethod, controller } };
}
