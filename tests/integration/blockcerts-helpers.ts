import { bytesToHex, fromHex } from '../../src/lib/bytes';
import { credentialHash } from '../../src/server/blockcerts/hash';
import { merkleTree } from '../../src/server/blockcerts/merkle';
import { encodeProofValue } from '../../src/server/blockcerts/proof-value';

/**
 * Builds Blockcerts credentials for the verifier tests the way an issuer does, with engineer E's
 * primitives (src/server/blockcerts: hash, tree, proofValue; cert-issuer's rules). The anchor is a real transaction on
 * anvil: 0 ETH to the burn address with the root as data, sent from an unlocked dev account.
 */
export type Obj = Record<string, unknown>;
export type Step = { left: string } | { right: string };

export const ANVIL_0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
export const ANVIL_1 = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const BURN = '0x000000000000000000000000000000000000dEaD';

/** A batch's tree (E's blockcerts/merkle.ts), hex. */
export function tree(leafHexes: string[]): { root: string; paths: Step[][] } {
  const t = merkleTree(leafHexes.map((l) => fromHex(l) as Uint8Array));
  const hexStep = (s: { left: Uint8Array } | { right: Uint8Array }): Step =>
    'left' in s ? { left: bytesToHex(s.left) } : { right: bytesToHex(s.right) };
  return { root: bytesToHex(t.root), paths: t.paths.map((p) => p.map(hexStep)) };
}

/** proofValue of a MerkleProof2019 proof (E's encoder); anchors as `blink:eth:sepolia:0x…`, `blink:mocknet:mocknet:…`. */
export const proofValue = (p: { path: Step[]; merkleRoot: string; targetHash: string; anchors: string[] }) =>
  encodeProofValue(p);

export async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: unknown };
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

/**
 * Anchors `root` on anvil from an unlocked dev account and waits until the transaction is mined
 * (anvil mines each transaction at once, but answers before its block is sealed under load).
 */
export async function anchor(anvilUrl: string, root: string, from = ANVIL_0): Promise<string> {
  const hash = (await rpc(anvilUrl, 'eth_sendTransaction', [
    { from, to: BURN, value: '0x0', data: `0x${root}`, gas: '0x61a8' },
  ])) as string;
  while ((await rpc(anvilUrl, 'eth_getTransactionReceipt', [hash])) === null)
    await new Promise((r) => setTimeout(r, 20));
  return hash;
}

/** Puts a document on the stand-in issuer's store (tests/support/document-store.ts). */
export async function put(url: string, doc: unknown) {
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/ld+json' },
    body: JSON.stringify(doc),
  });
  if (res.status !== 204) throw new Error(`PUT ${url}: ${res.status}`);
}

/** Leaf hashes of the credentials (v3 hashes without `proof`, v2 without `signature`). */
export const leaves = async (docs: Obj[], without: 'proof' | 'signature' = 'proof') =>
  (await Promise.all(docs.map((d) => credentialHash(d, without)))).map(bytesToHex);

export async function hashedEmail(email: string, salt: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email + salt));
  return 'sha256$' + bytesToHex(new Uint8Array(digest));
}
