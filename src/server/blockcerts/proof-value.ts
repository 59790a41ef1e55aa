import { base58Decode, base58Encode } from './base58';
import { bytesToHex } from '../../lib/bytes';
import { cborDecode, cborEncode, type Cbor } from './cbor';

/** A decoded MerkleProof2019 proofValue; hashes are lower-case hex without 0x. */
export type MerkleProof2019 = {
  merkleRoot: string;
  targetHash: string;
  /** Siblings from the leaf upwards. */
  path: ({ left: string } | { right: string })[];
  /** `blink:<chain>:<network>:<tx id>`, e.g. blink:eth:sepolia:0x… */
  anchors: string[];
};

// The keymap of @blockcerts/lds-merkle-proof-2019 (src/Keymap.js); its numbers are the format.
const ROOT = { merkleRoot: 0, targetHash: 1, anchors: 2, path: 3 } as const;
const CHAINS: Record<string, { id: number; networks: Record<string, number> }> = {
  btc: { id: 0, networks: { mainnet: 1, testnet: 3 } },
  eth: { id: 1, networks: { mainnet: 1, ropsten: 3, rinkeby: 4, goerli: 5, sepolia: 11155111 } },
  mtc: { id: 2, networks: { mainnet: 137, mumbai: 80001 } },
  mocknet: { id: -1, networks: { mocknet: -1 } },
};

/** The longest proofValue read: a path of depth 40 over any batch is ~3 KB; more is not ours to parse. */
const MAX_PROOF_VALUE = 16_384;

// cert-issuer (Python) wraps every string as a CBOR byte string holding CBOR text, so hex stays text
// and a tx id keeps its 0x; the JS encoder wraps CBOR bytes instead. Both decode with the JS Decoder.
const wrap = (s: string) => cborEncode(s);

/** The proofValue of a MerkleProof2019 proof: 'z' + base58btc(CBOR), laid out as cert-issuer does. */
export function encodeProofValue(p: MerkleProof2019): string {
  const anchors = p.anchors.map((a) => {
    const [blink, chain, network, txid] = a.split(':');
    const c = chain ? CHAINS[chain] : undefined;
    const n = network !== undefined ? c?.networks[network] : undefined;
    if (blink !== 'blink' || !c || n === undefined || !txid) throw new RangeError(`anchor not in the keymap: ${a}`);
    return [
      [0, c.id],
      [1, n],
      [2, wrap(txid)],
    ];
  });
  const list: Cbor = [
    [ROOT.path, p.path.map((s) => ('left' in s ? [0, wrap(s.left)] : [1, wrap(s.right)]))],
    [ROOT.merkleRoot, wrap(p.merkleRoot)],
    [ROOT.targetHash, wrap(p.targetHash)],
    [ROOT.anchors, anchors],
  ];
  return 'z' + base58Encode(cborEncode(list));
}

/** A wrapped string: CBOR text (cert-issuer) as is, CBOR bytes (JS encoder) as hex. */
function unwrap(v: Cbor | undefined): string | null {
  if (!(v instanceof Uint8Array)) return null;
  const inner = cborDecode(v);
  return typeof inner === 'string' ? inner : inner instanceof Uint8Array ? bytesToHex(inner) : null;
}

function decodeAnchor(v: Cbor): string | null {
  if (!Array.isArray(v)) return null;
  const parts = { chain: '', network: '', txid: '' };
  for (const pair of v) {
    if (!Array.isArray(pair) || pair.length !== 2) return null;
    const [k, val] = pair;
    if (k === 0) parts.chain = Object.entries(CHAINS).find(([, c]) => c.id === val)?.[0] ?? '';
    else if (k === 1 && parts.chain)
      parts.network = Object.entries(CHAINS[parts.chain]?.networks ?? {}).find(([, id]) => id === val)?.[0] ?? '';
    else if (k === 2) parts.txid = unwrap(val) ?? '';
  }
  return parts.chain && parts.network && parts.txid ? `blink:${parts.chain}:${parts.network}:${parts.txid}` : null;
}

/**
 * Reads a proofValue written by anyone: null unless it is 'z' + base58btc of the keymapped CBOR list
 * with a root, a target hash, anchors of known chains and networks, and a path of left/right hashes.
 */
export function decodeProofValue(value: unknown): MerkleProof2019 | null {
  if (typeof value !== 'string' || value.length < 2 || value.length > MAX_PROOF_VALUE || value[0] !== 'z') return null;
  const bytes = base58Decode(value.slice(1));
  const list = bytes && cborDecode(bytes);
  if (!Array.isArray(list)) return null;
  const out: Partial<MerkleProof2019> = {};
  for (const entry of list) {
    if (!Array.isArray(entry) || entry.length !== 2) return null;
    const [key, v] = entry;
    if (key === ROOT.merkleRoot || key === ROOT.targetHash) {
      const s = unwrap(v);
      if (s === null) return null;
      out[key === ROOT.merkleRoot ? 'merkleRoot' : 'targetHash'] = s;
    } else if (key === ROOT.anchors) {
      if (!Array.isArray(v)) return null;
      const anchors = v.map(decodeAnchor);
      if (anchors.some((a) => a === null)) return null;
      out.anchors = anchors as string[];
    } else if (key === ROOT.path) {
      if (!Array.isArray(v)) return null;
      const path: MerkleProof2019['path'] = [];
      for (const step of v) {
        const hash = Array.isArray(step) && step.length === 2 ? unwrap(step[1]) : null;
        if (hash === null || ((step as Cbor[])[0] !== 0 && (step as Cbor[])[0] !== 1)) return null;
        path.push((step as Cbor[])[0] === 0 ? { left: hash } : { right: hash });
      }
      out.path = path;
    }
  }
  const { merkleRoot, targetHash, anchors, path } = out;
  return merkleRoot !== undefined && targetHash !== undefined && anchors
    ? { merkleRoot, targetHash, anchors, path: path ?? [] }
    : null;
}
