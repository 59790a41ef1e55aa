import { ob3Urls } from './urls';

/**
 * An issuer's DID document (did:web): one Ed25519 Multikey, `#key-1`, named for assertions, so an
 * eddsa-rdfc-2022 proof by that key is the issuer's.
 */
export function didDocument(publicBaseUrl: string, issuerId: string, publicKeyMultibase: string) {
  const urls = ob3Urls(publicBaseUrl);
  const did = urls.did(issuerId);
  const keyId = urls.keyId(issuerId);
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
    id: did,
    verificationMethod: [{ id: keyId, type: 'Multikey', controller: did, publicKeyMultibase }],
    assertionMethod: [keyId],
    authentication: [keyId],
  };
}
