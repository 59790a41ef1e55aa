/* global module */
/* eslint-disable @typescript-eslint/no-extraneous-class -- the stub's classes only stand in for the library's names: empty, or refusing in the constructor, is the point */
// The CommonJS face of index.js (the library's `script/` build requires it).
const refuse = () => {
  throw new Error('Lanyard does not verify attestation certificate chains (attestation "none" is asked)');
};
class X509Certificate {
  constructor() {
    refuse();
  }
}
class X509ChainBuilder {
  constructor() {
    refuse();
  }
}
class X509Crl {
  constructor() {
    refuse();
  }
}
class AuthorityKeyIdentifierExtension {}
class CRLDistributionPointsExtension {}
class SubjectKeyIdentifierExtension {}
module.exports = {
  X509Certificate,
  X509ChainBuilder,
  X509Crl,
  AuthorityKeyIdentifierExtension,
  CRLDistributionPointsExtension,
  SubjectKeyIdentifierExtension,
};
