import { decodeProofValue } from '../proof-value';

type Obj = Record<string, unknown>;

/** Where a Merkle root was anchored: a transaction on an Ethereum network, a mock chain, or elsewhere. */
export type Anchor =
  { kind: 'eth'; network: string; txid: string } | { kind: 'mock' } | { kind: 'other'; chain: string };

/** One step of a Merkle path, hex: the sibling on the left or on the right (chainpoint style). */
export type PathStep = { left: string } | { right: string };

export interface BlockcertsProof {
  version: 2 | 3;
  targetHash: string;
  merkleRoot: string;
  path: PathStep[];
  anchors: Anchor[];
}

/** Why a proof cannot be used: not readable at all, or made with a hash this verifier does not know. */
export type ProofProblem = 'unreadable' | 'unsupported';

const HASH = /^[0-9a-f]{64}$/;
const hash = (v: unknown) => (typeof v === 'string' && HASH.test(v.toLowerCase()) ? v.toLowerCase() : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const types = (p: Obj) => list(p['type']).filter((t): t is string => typeof t === 'string');

/** Blockcerts v2 anchor chains (cert-verifier-js blockchains.ts). */
const V2_CHAINS: Record<string, string> = {
  ethereumMainnet: 'mainnet',
  ethereumRopsten: 'ropsten',
  ethereumRinkeby: 'rinkeby',
  ethereumGoerli: 'goerli',
  ethereumSepolia: 'sepolia',
};
const TXID = /^(?:0x)?[0-9a-f]{64}$/i;
const txid = (t: string) => (t.toLowerCase().startsWith('0x') ? t.toLowerCase() : `0x${t.toLowerCase()}`);

/** `blink:eth:sepolia:0x…` (v3) or `blink:mocknet:…`. */
function blinkAnchor(v: unknown): Anchor | null {
  if (typeof v !== 'string') return null;
  const [, chain = '', network = '', id = ''] = v.split(':');
  if (chain === 'mocknet' || network === 'mocknet') return { kind: 'mock' };
  if (chain === 'eth' && TXID.test(id)) return { kind: 'eth', network, txid: txid(id) };
  return { kind: 'other', chain: `${chain}:${network}` };
}

function v2Anchor(v: unknown): Anchor | null {
  if (!v || typeof v !== 'object') return blinkAnchor(v);
  const a = v as Obj;
  const chain = typeof a['chain'] === 'string' ? a['chain'] : '';
  const source = typeof a['sourceId'] === 'string' ? a['sourceId'] : '';
  if (/^mock/i.test(chain)) return { kind: 'mock' };
  const network = V2_CHAINS[chain];
  if (network && a['type'] === 'ETHData' && TXID.test(source)) return { kind: 'eth', network, txid: txid(source) };
  return { kind: 'other', chain: chain || String(a['type'] ?? '') };
}

function pathOf(steps: unknown[]): PathStep[] | null {
  const out: PathStep[] = [];
  for (const s of steps) {
    const o = s && typeof s === 'object' ? (s as Obj) : {};
    const left = hash(o['left']);
    const right = hash(o['right']);
    if (left && !right) out.push({ left });
    else if (right && !left) out.push({ right });
    else return null;
  }
  return out;
}

/** A v2 MerkleProof2017 `signature` (chainpoint receipt). */
export function readV2(sig: unknown): BlockcertsProof | ProofProblem {
  if (!sig || typeof sig !== 'object') return 'unreadable';
  const s = sig as Obj;
  // Only SHA-256 receipts exist in Blockcerts; a Chainpoint type naming another hash is refused.
  if (types(s).some((t) => /SHA(?!256)\d+/i.test(t))) return 'unsupported';
  if (!types(s).some((t) => t === 'MerkleProof2017' || t === 'ChainpointSHA256v2')) return 'unsupported';
  const targetHash = hash(s['targetHash']);
  const merkleRoot = hash(s['merkleRoot']);
  const path = pathOf(list(s['proof']));
  const anchors = list(s['anchors']).map(v2Anchor);
  if (!targetHash || !merkleRoot || !path || anchors.some((a) => a === null)) return 'unreadable';
  return { version: 2, targetHash, merkleRoot, path, anchors: anchors as Anchor[] };
}

/**
 * A v3 MerkleProof2019 proof (or a DataIntegrityProof with cryptosuite merkle-proof-2019), its
 * proofValue decoded by blockcerts/proof-value.ts (strict and bounded).
 */
export function readV3(proof: unknown): BlockcertsProof | ProofProblem {
  const p = list(proof)[0];
  if (!p || typeof p !== 'object') return 'unreadable';
  const o = p as Obj;
  const merkle2019 =
    types(o).includes('MerkleProof2019') ||
    (types(o).includes('DataIntegrityProof') && o['cryptosuite'] === 'merkle-proof-2019');
  if (!merkle2019) return 'unsupported';
  const decoded = decodeProofValue(o['proofValue']);
  if (!decoded) return 'unreadable';
  const path = pathOf(decoded.path);
  const anchors = decoded.anchors.map(blinkAnchor);
  const merkleRoot = hash(decoded.merkleRoot);
  const targetHash = hash(decoded.targetHash);
  if (!merkleRoot || !targetHash || !path || anchors.length === 0 || anchors.some((a) => a === null))
    return 'unreadable';
  return { version: 3, targetHash, merkleRoot, path, anchors: anchors as Anchor[] };
}
