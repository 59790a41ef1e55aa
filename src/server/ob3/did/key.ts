import { decode as base58Decode } from 'base58-universal';
import { DID_CONTEXT, MULTIKEY_CONTEXT } from '../../ld/ob3-contexts';

/** Why a key could not be read: each becomes E177 (the proof's key cannot be found) upstream. */
export type KeyError =
  | 'not-did-key' // not a did:key DID URL at all
  | 'bad-multibase' // not multibase base58-btc ('z…'), or not base58
  | 'unsupported-key-type' // a real multicodec key, but not Ed25519 (P-256, secp256k1, X25519…)
  | 'bad-key-length' // Ed25519 header, but not 32 bytes of key
  | 'unknown-fragment'; // did:key#fragment that names no key of that DID

export type Ed25519Key = { publicKeyMultibase: string; publicKey: Uint8Array };
export type KeyResult<T> = { ok: true; value: T } | { ok: false; error: KeyError; codec?: number };

// The multicodec for an Ed25519 public key is 0xed, written as the unsigned varint ed 01.
const ED25519_PUB = 0xed;

/** Reads an unsigned LEB128 varint (the multicodec prefix); null past 3 bytes or the end. */
function readVarint(bytes: Uint8Array): { value: number; length: number } | null {
  let value = 0;
  for (let i = 0; i < 3 && i < bytes.length; i++) {
    const b = bytes[i] as number;
    value |= (b & 0x7f) << (7 * i);
    if ((b & 0x80) === 0) return { value, length: i + 1 };
  }
  return null;
}

/** Parses a multibase Ed25519 public key ('z6Mk…'), checking the multicodec header and the length. */
export function parseEd25519Multibase(multibase: string): KeyResult<Ed25519Key> {
  if (typeof multibase !== 'string' || !/^z[1-9A-HJ-NP-Za-km-z]+$/.test(multibase))
    return { ok: false, error: 'bad-multibase' };
  let bytes: Uint8Array;
  try {
    bytes = base58Decode(multibase.slice(1));
  } catch {
    return { ok: false, error: 'bad-multibase' };
  }
  const codec = readVarint(bytes);
  if (!codec) return { ok: false, error: 'bad-multibase' };
  if (codec.value !== ED25519_PUB) return { ok: false, error: 'unsupported-key-type', codec: codec.value };
  const publicKey = bytes.slice(codec.length);
  if (publicKey.length !== 32) return { ok: false, error: 'bad-key-length' };
  return { ok: true, value: { publicKeyMultibase: multibase, publicKey } };
}

// P-256 public keys (ecdsa-sd-2023's Multikeys) are multicodec 0x1200, 33 bytes compressed.
const P256_PUB = 0x1200;

/**
 * A multibase public key as a Multikey: Ed25519 ('z6Mk…'), or P-256 ('zDn…', for ecdsa-sd-2023).
 * Used for keys in 1EdTech's fragment form; did:key stays Ed25519-only.
 */
export function parseMultikey(multibase: string): KeyResult<Ed25519Key> {
  const ed = parseEd25519Multibase(multibase);
  if (ed.ok || ed.error !== 'unsupported-key-type' || ed.codec !== P256_PUB) return ed;
  const bytes = base58Decode(multibase.slice(1));
  const publicKey = bytes.slice(2);
  if (publicKey.length !== 33 || (publicKey[0] !== 2 && publicKey[0] !== 3))
    return { ok: false, error: 'bad-key-length' };
  return { ok: true, value: { publicKeyMultibase: multibase, publicKey } };
}

export type DidKey = Ed25519Key & { did: string; keyId: string };

/** Resolves `did:key:z6Mk…` or `did:key:z6Mk…#z6Mk…` to its one Ed25519 key. */
export function resolveDidKey(didUrl: string): KeyResult<DidKey> {
  const m = /^did:key:([^#?/]+)(?:#(.*))?$/.exec(didUrl);
  if (!m?.[1]) return { ok: false, error: 'not-did-key' };
  const id = m[1];
  const key = parseEd25519Multibase(id);
  if (!key.ok) return key;
  if (m[2] !== undefined && m[2] !== id) return { ok: false, error: 'unknown-fragment' };
  const did = `did:key:${id}`;
  return { ok: true, value: { ...key.value, did, keyId: `${did}#${id}` } };
}

/** The key as a Multikey verification method. */
export function multikeyMethod(id: string, controller: string, publicKeyMultibase: string) {
  return { '@context': MULTIKEY_CONTEXT, id, type: 'Multikey', controller, publicKeyMultibase };
}

/** The DID document of a did:key (did:key method spec: one key, for every relationship). */
export function didKeyDocument(key: DidKey) {
  const method = { id: key.keyId, type: 'Multikey', controller: key.did, publicKeyMultibase: key.publicKeyMultibase };
  return {
    '@context': [DID_CONTEXT, MULTIKEY_CONTEXT],
    id: key.did,
    verificationMethod: [method],
    authentication: [key.keyId],
    assertionMethod: [key.keyId],
    capabilityDelegation: [key.keyId],
    capabilityInvocation: [key.keyId],
  };
}
