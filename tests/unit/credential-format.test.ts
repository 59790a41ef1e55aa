import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatOf, formatOfJws } from '../../src/server/verify/detect';

const C = new URL('../fixtures/conformance/', import.meta.url);
const read = (p: string) => JSON.parse(readFileSync(new URL(p, C), 'utf8')) as Record<string, unknown>;
const b64u = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('telling credentials apart before anything is fetched', () => {
  it('reads the fixtures of each kind', () => {
    expect(formatOf(read('openbadges-specification/ob_v3p0-examples/basicOpenBadgeCredential-1.json'))).toBe('ob3');
    expect(formatOf(read('openbadges-specification/ob_v3p0-examples/fullOpenBadge-1.json'))).toBe('ob3');
    expect(formatOf(read('cert-verifier-js/v3/ethereum-sepolia-v3.json'))).toBe('blockcerts');
    // Blockcerts 2.0 names the Open Badges v2 context too.
    expect(formatOf(read('cert-verifier-js/v2/testnet-valid-v1-issuer-2.0.json'))).toBe('blockcerts');
    expect(formatOf(read('openbadges-validator-core/test_components/2_0_basic_assertion.json'))).toBe('ob2');
    expect(formatOf(read('openbadges-validator-core/test_components/1_0_basic_assertion.json'))).toBe('ob2');
    expect(formatOf(read('openbadges-validator-core/test_components/0_5_assertion.json'))).toBe('ob2');
  });

  it('goes by contexts, types and proofs', () => {
    expect(formatOf({ '@context': ['https://www.w3.org/2018/credentials/v1'], type: ['VerifiableCredential'] })).toBe(
      'ob3',
    );
    expect(formatOf({ type: ['VerifiableCredential', 'OpenBadgeCredential'] })).toBe('ob3');
    expect(formatOf({ proof: [{ type: 'MerkleProof2019' }] })).toBe('blockcerts');
    expect(formatOf({ '@context': 'https://schema.org', type: 'Person' })).toBe('unknown');
    expect(formatOf({ hello: 'world' })).toBe('unknown');
    // Inline contexts are for JSON-LD reading to decide.
    expect(formatOf({ '@context': { name: 'http://schema.org/name' } })).toBe('ob2');
  });

  it('reads a VC-JWT without checking it, and leaves an OB 2.0 JWS to the signed-badge checks', () => {
    const vc = read('openbadges-specification/ob_v3p0-examples/basicOpenBadgeCredential-1.json');
    expect(formatOfJws(`${b64u({ alg: 'EdDSA' })}.${b64u({ vc, iss: 'x' })}.c2ln`)).toBe('ob3');
    expect(formatOfJws(`${b64u({ alg: 'ES256' })}.${b64u(vc)}.c2ln`)).toBe('ob3');
    const ob2 = read('openbadges-validator-core/test_components/2_0_basic_assertion.json');
    expect(formatOfJws(`${b64u({ alg: 'RS256' })}.${b64u(ob2)}.c2ln`)).toBe('ob2');
    expect(formatOfJws('not.a.jws!')).toBeNull();
    expect(formatOfJws('aaaa.%%%%.bbbb')).toBeNull();
  });
});
