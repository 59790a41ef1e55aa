import { encode as base58Encode } from 'base58-universal';
import { describe, expect, it } from 'vitest';
import { fragmentKey } from '../../src/server/ob3/did/fragment';
import { didKeyDocument, parseEd25519Multibase, resolveDidKey } from '../../src/server/ob3/did/key';

// Test vectors of the did:key method specification (W3C CCG), one per key type.
const ED25519 = 'z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
const P256 = 'zDnaerDaTF5BXEavCrfRZEk316dpbLsfPDZ3WJ5hRTPFU2169';
const SECP256K1 = 'zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme';
const X25519 = 'z6LSeu9HkTHSfLLeUs2nnzUSNedgDUevfNQgQjQC23ZCit6F';
// The Ed25519 multicodec header (0xed as a varint) followed by `length` key bytes.
const ed25519Of = (length: number) =>
  `z${base58Encode(Uint8Array.from([0xed, 0x01, ...new Array<number>(length).fill(7)]))}`;

describe('did:key (issue 21)', () => {
  it('resolves an Ed25519 did:key to a 32-byte key and a DID document with one Multikey', () => {
    const r = resolveDidKey(`did:key:${ED25519}`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.publicKey).toHaveLength(32);
    expect(r.value.keyId).toBe(`did:key:${ED25519}#${ED25519}`);
    const doc = didKeyDocument(r.value);
    expect(doc.verificationMethod).toEqual([
      { id: r.value.keyId, type: 'Multikey', controller: `did:key:${ED25519}`, publicKeyMultibase: ED25519 },
    ]);
    expect(doc.assertionMethod).toEqual([r.value.keyId]);
    expect(resolveDidKey(`did:key:${ED25519}#${ED25519}`).ok).toBe(true);
  });

  it('refuses other key types with the multicodec it found', () => {
    expect(resolveDidKey(`did:key:${P256}`)).toEqual({ ok: false, error: 'unsupported-key-type', codec: 0x1200 });
    expect(resolveDidKey(`did:key:${SECP256K1}`)).toEqual({ ok: false, error: 'unsupported-key-type', codec: 0xe7 });
    expect(resolveDidKey(`did:key:${X25519}`)).toEqual({ ok: false, error: 'unsupported-key-type', codec: 0xec });
  });

  it('refuses broken keys and other DIDs', () => {
    expect(resolveDidKey('did:web:example.org')).toMatchObject({ error: 'not-did-key' });
    expect(resolveDidKey('did:key:')).toMatchObject({ error: 'not-did-key' });
    expect(resolveDidKey(`did:key:${ED25519}#key-1`)).toMatchObject({ error: 'unknown-fragment' });
    expect(parseEd25519Multibase(ED25519.replace(/^z/, 'u'))).toMatchObject({ error: 'bad-multibase' });
    expect(parseEd25519Multibase('z6Mk0OIl')).toMatchObject({ error: 'bad-multibase' }); // not base58
    expect(parseEd25519Multibase(ed25519Of(32))).toMatchObject({ ok: true });
    expect(parseEd25519Multibase(ed25519Of(31))).toMatchObject({ error: 'bad-key-length' });
    expect(parseEd25519Multibase(ed25519Of(33))).toMatchObject({ error: 'bad-key-length' });
    expect(parseEd25519Multibase(ED25519.slice(0, -4))).toMatchObject({ ok: false }); // header garbled too
    expect(parseEd25519Multibase('')).toMatchObject({ error: 'bad-multibase' });
  });

  it("fragment keys: the URL before '#' must be the issuer, the fragment an Ed25519 or P-256 key", () => {
    const vm = `https://issuer.example/issuers/1#${ED25519}`;
    expect(fragmentKey(vm, 'https://issuer.example/issuers/1')).toMatchObject({
      ok: true,
      value: { controller: 'https://issuer.example/issuers/1', keyId: vm, publicKeyMultibase: ED25519 },
    });
    expect(fragmentKey(vm, 'https://issuer.example/issuers/2')).toEqual({ ok: false, error: 'controller-not-issuer' });
    expect(fragmentKey(vm, null)).toEqual({ ok: false, error: 'controller-not-issuer' });
    expect(fragmentKey('https://issuer.example/issuers/1#key-1', 'https://issuer.example/issuers/1')).toMatchObject({
      ok: false,
    });
    // P-256 (ecdsa-sd-2023, plan D3) is read too; a truncated one is not.
    expect(fragmentKey(`https://issuer.example/issuers/1#${P256}`, 'https://issuer.example/issuers/1')).toMatchObject({
      ok: true,
      value: { publicKeyMultibase: P256 },
    });
    expect(
      fragmentKey(`https://issuer.example/issuers/1#${P256.slice(0, -3)}`, 'https://issuer.example/issuers/1'),
    ).toMatchObject({ ok: false });
    expect(fragmentKey(`xxx:${ED25519}`, 'xxx:')).toEqual({ ok: false, error: 'not-a-url' });
  });
});
