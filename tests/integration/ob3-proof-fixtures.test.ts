import { describe, expect, it } from 'vitest';
import { verifyOb3Proofs, type Ob3ProofsResult, type ProofFailure } from '../../src/server/ob3/proof/verify';

/**
 * Issue 21 (verifier core): the proof outcome of every JSON credential in 1EdTech's validator
 * fixtures (tests/fixtures/ob3/1edtech/SOURCE.md), inside workerd, offline. Only the proof check:
 * a fixture that 1EdTech refuses for its dates, schema or status still has a good proof here, and
 * those verdicts belong to the other named checks (docs/design/ob3-plan.md §3).
 */
const files = import.meta.glob('../fixtures/ob3/1edtech/**/*.json', { eager: true, import: 'default' });
const fixture = (name: string) => structuredClone(files[`../fixtures/ob3/1edtech/${name}`]);

type Expected = 'verified' | ProofFailure;
// With 1EdTech's key-in-the-fragment rule (fragmentKeys: true).
const EXPECTED: Record<string, Expected> = {
  // Valid in 1EdTech (or valid with a warning for the VC 1.1 form).
  'simple.json': 'verified',
  'simple-context-alias.json': 'verified',
  'simple-context-version.json': 'verified',
  'simple-did-web-method.json': 'verified', // despite its name, a key in the issuer URL's fragment
  'simple-did-key-method.json': 'verified', // a bare did:key as verificationMethod
  'simple_v1.json': 'verified', // Ed25519Signature2020
  'endorsement-valid.json': 'verified',
  'simple-multiple-proofs.json': 'verified', // SomeProofType skipped, the eddsa-rdfc-2022 proof verified
  // Refused by 1EdTech for something else than the proof: the proof itself is good.
  'complete.json': 'verified', // credentialSchema ids we never fetch (schema check)
  'simple-err-expired.json': 'verified', // dates check
  'simple-err-issued.json': 'verified', // dates check
  'bit-string-list/credential-status-revoked.json': 'verified', // status check
  'bit-string-list/credential-status-revoked-blank-nodes.json': 'verified', // status check
  // The proof check refuses.
  'simple-err-proof-method.json': 'key-unsupported', // fragment is not an Ed25519 key
  'simple-err-proof-method-no-scheme.json': 'key-unresolvable',
  'simple-err-proof-method-unknown-scheme.json': 'key-unresolvable',
  'simple-err-proof-method-unknown-did-method.json': 'key-unresolvable',
  'simple-err-proof-value.json': 'signature-invalid',
  'endorsement-err-schema-status-refresh.json': 'signature-invalid',
  'simple-noproof.json': 'no-proof',
  'simple-eddsa-2022.json': 'verified', // the draft name of eddsa-rdfc-2022, Data Integrity v1 (issue 33)
  'sd/derivedcredential.json': 'verified', // ecdsa-sd-2023 derived proof, P-256 key in the fragment (plan D3)
  'credential-status-revoked.json': 'key-unresolvable', // did:web: not resolved by this core (offline)
  'simple-err-issuer.json': 'key-not-issuers', // no issuer at all
  'simple-err-context.json': 'key-not-issuers', // key of example.com, issuer example.edu
  // Safe-mode JSON-LD refuses undefined terms/types before any signature is checked (E980).
  'simple-err-type.json': 'json-ld-invalid',
  'simple-err-evidence-type.json': 'json-ld-invalid',
  'simple-err-credential-subject-type.json': 'json-ld-invalid',
  'simple-err-credential-subject-identifier-type.json': 'json-ld-invalid',
  'simple-err-credential-subject-result-type.json': 'json-ld-invalid',
  'simple-err-credential-subject-profile-type.json': 'json-ld-invalid',
  'simple-err-credential-subject-achievement-result-description-type.json': 'json-ld-invalid',
  'simple-err-issuer-type.json': 'json-ld-invalid',
  'simple-err-issuer-parentorg-type.json': 'json-ld-invalid',
  'simple-err-issuer-otheridentifier-type.json': 'json-ld-invalid',
  'complete_v1.json': 'json-ld-invalid', // 1EdTech: errors (schema, expired)
};

const verdict = (r: Ob3ProofsResult): Expected => (r.verified ? 'verified' : (r.reason ?? 'malformed'));

describe("1EdTech's OB 3.0 fixtures: proof outcomes", () => {
  it('the table names every JSON fixture, and only those', () => {
    const names = Object.keys(files).map((k) => k.replace('../fixtures/ob3/1edtech/', ''));
    expect(names.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: ${expected}`, async () => {
      expect(verdict(await verifyOb3Proofs(fixture(name), { fragmentKeys: true }))).toBe(expected);
    });
  }

  it('simple-multiple-proofs reports each proof', async () => {
    const r = await verifyOb3Proofs(fixture('simple-multiple-proofs.json'), { fragmentKeys: true });
    expect(r.proofs.map((p) => [p.type, p.outcome.verified ? 'verified' : p.outcome.reason])).toEqual([
      ['SomeProofType', 'unsupported-suite'],
      ['DataIntegrityProof', 'verified'],
    ]);
  });

  it('without the fragment rule (the default), fragment keys are not trusted; did:key still is', async () => {
    for (const name of ['simple.json', 'simple_v1.json', 'simple-did-web-method.json', 'endorsement-valid.json']) {
      expect(verdict(await verifyOb3Proofs(fixture(name))), name).toBe('key-unresolvable');
    }
    expect(verdict(await verifyOb3Proofs(fixture('simple-did-key-method.json')))).toBe('verified');
  });

  it('the fragment rule binds the key to issuer.id: another issuer is refused', async () => {
    const doc = fixture('simple.json') as Record<string, unknown>;
    const other = { ...doc, issuer: { ...(doc['issuer'] as object), id: 'https://evil.example/issuers/1' } };
    expect(verdict(await verifyOb3Proofs(other, { fragmentKeys: true }))).toBe('key-not-issuers');
  });
});
