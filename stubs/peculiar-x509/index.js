/* eslint-disable @typescript-eslint/no-extraneous-class -- the stub's classes only stand in for the library's names: empty, or refusing in the constructor, is the point */
// @simplewebauthn/server builds these only to verify attestation certificate chains (formats packed
// with x5c, tpm, android-key, apple, fido-u2f) and metadata statements. Lanyard asks for attestation
// 'none', so a chain reaching here is refused (the library's error becomes E400150).
const refuse = () => {
  throw new Error('Lanyard does not verify attestation certificate chains (attestation "none" is asked)');
};

export class X509Certificate {
  constructor() {
    refuse();
  }
}
export class X509ChainBuilder {
  constructor() {
    refuse();
  }
}
export class X509Crl {
  constructor() {
    refuse();
  }
}
export class AuthorityKeyIdentifierExtension {}
export class CRLDistributionPointsExtension {}
export class SubjectKeyIdentifierExtension {}
