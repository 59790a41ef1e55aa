import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { base58Decode, base58Encode } from '../../src/server/blockcerts/base58';
import { bytesToHex, fromHex } from '../../src/lib/bytes';
import { credentialHash, Unhashable } from '../../src/server/blockcerts/hash';
import { merkleRootOf, merkleTree, type PathStep } from '../../src/server/blockcerts/merkle';
import { decodeProofValue, encodeProofValue, type MerkleProof2019 } from '../../src/server/blockcerts/proof-value';

type Obj = Record<string, unknown>;
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/blockcerts/${name}.json`, import.meta.url), 'utf8')) as Obj;
const proofValueOf = (c: Obj) => (c.proof as { proofValue: string }).proofValue;
const bytes = (hex: string) => fromHex(hex) ?? new Uint8Array();
const hexPath = (p: MerkleProof2019['path']): PathStep[] =>
  p.map((s) => ('left' in s ? { left: bytes(s.left) } : { right: bytes(s.right) }));
function decoded(c: Obj): MerkleProof2019 {
  const p = decodeProofValue(proofValueOf(c));
  if (!p) throw new Error('proofValue does not decode');
  return p;
}

// Credentials verified by cert-verifier-js 6.35.0 (two from our lab, one its own Sepolia fixture),
// each with what @blockcerts/lds-merkle-proof-2019's Decoder reads from its proofValue.
const CASES = ['lab-th-credential', 'lab-bn-html-credential', 'ethereum-sepolia-v3'];

describe('Blockcerts primitives against credentials the reference verifier accepts', () => {
  it.each(CASES)('%s: the proofValue decodes as the reference Decoder reads it', (name) => {
    expect(decodeProofValue(proofValueOf(fixture(name)))).toEqual(fixture(`${name}.decoded`));
  });

  it.each(CASES)('%s: hash, Merkle path and root agree', async (name) => {
    const cred = fixture(name);
    const p = decoded(cred);
    const leaf = await credentialHash(cred);
    expect(bytesToHex(leaf)).toBe(p.targetHash);
    expect(bytesToHex(merkleRootOf(leaf, hexPath(p.path)))).toBe(p.merkleRoot);
  });

  it.each(CASES.slice(0, 2))('%s: re-encoding gives the same proofValue byte for byte', (name) => {
    const cred = fixture(name);
    expect(encodeProofValue(decoded(cred))).toBe(proofValueOf(cred));
  });

  it('a tampered credential hashes differently; an unmapped term or unknown context is refused', async () => {
    const cred = fixture('lab-th-credential');
    const p = decoded(cred);
    const tampered = { ...cred, name: `${String(cred.name)}!` };
    expect(bytesToHex(await credentialHash(tampered))).not.toBe(p.targetHash);
    await expect(credentialHash({ ...cred, lanyardExtra: 'x' })).rejects.toBeInstanceOf(Unhashable);
    const ctx = [...(cred['@context'] as string[]), 'https://example.org/ctx'];
    await expect(credentialHash({ ...cred, '@context': ctx })).rejects.toBeInstanceOf(Unhashable);
  });
});

describe('Merkle tree (blockcerts-merkletools rules)', () => {
  const leaves = (n: number) =>
    Array.from({ length: n }, (_, i) => Uint8Array.from({ length: 32 }, (_, j) => (i * 7 + j) & 0xff));

  it.each([1, 2, 3, 5, 8, 13, 100])('%i leaves: every path folds to the root', (n) => {
    const ls = leaves(n);
    const { root, paths } = merkleTree(ls);
    ls.forEach((leaf, i) => expect(bytesToHex(merkleRootOf(leaf, paths[i] ?? []))).toBe(bytesToHex(root)));
    if (n === 1) expect(paths[0]).toEqual([]);
  });

  it('an odd last node is promoted: with 3 leaves the third has one step, the root pairs it unchanged', () => {
    const ls = leaves(3);
    const { paths } = merkleTree(ls);
    expect(paths[2]).toHaveLength(1);
    expect(paths[0]).toEqual([{ right: ls[1] }, { right: ls[2] }]);
  });

  it('a changed leaf or a swapped side no longer reaches the root', () => {
    const ls = leaves(5);
    const { root, paths } = merkleTree(ls);
    expect(bytesToHex(merkleRootOf(ls[1] ?? new Uint8Array(), paths[0] ?? []))).not.toBe(bytesToHex(root));
    const swapped = (paths[0] ?? []).map((s) => ('left' in s ? { right: s.left } : { left: s.right }));
    expect(bytesToHex(merkleRootOf(ls[0] ?? new Uint8Array(), swapped))).not.toBe(bytesToHex(root));
  });

  it('refuses an empty batch', () => expect(() => merkleTree([])).toThrow(RangeError));
});

describe('proofValue and base58 edge cases', () => {
  it('base58 round-trips, leading zeros included', () => {
    for (const bytes of [
      [],
      [0],
      [0, 0, 1],
      [255, 254, 0, 3],
      Array.from({ length: 300 }, (_, i) => (i * 31) & 0xff),
    ]) {
      const u = Uint8Array.from(bytes);
      expect(base58Decode(base58Encode(u))).toEqual(u);
    }
    expect(base58Decode('0OIl')).toBeNull();
  });

  it('refuses what is not a MerkleProof2019 value, never throws', () => {
    const good = proofValueOf(fixture('lab-th-credential'));
    for (const bad of [
      null,
      42,
      '',
      'z',
      'x' + good.slice(1),
      good.slice(0, -5),
      'z' + '1'.repeat(20_000),
      'z3mJr7AoUXx2Wqd',
    ])
      expect(decodeProofValue(bad)).toBeNull();
  });

  it('refuses to encode an anchor on a network the reference keymap cannot name', () => {
    const p = { merkleRoot: 'aa', targetHash: 'aa', path: [], anchors: ['blink:eth:anvil:0x01'] };
    expect(() => encodeProofValue(p)).toThrow(RangeError);
  });
});
