import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes } from '../../lib/bytes';
import { bytesHex, hexBytes, intBytes, rlp } from './rlp';

/** cert-issuer's burn address: an anchor sends 0 ETH there with the Merkle root as data. */
export const ANCHOR_TO = '0xdeaddeaddeaddeaddeaddeaddeaddeaddeaddead';
/**
 * Gas limit of an anchor transaction (cert-issuer's default). It uses 22,280: 21,000 plus EIP-7623's
 * calldata floor for 32 non-zero bytes.
 */
export const ANCHOR_GAS = 25_000n;

export interface AnchorTx {
  chainId: number;
  nonce: number;
  maxPriorityFeePerGas: bigint;
  maxFeePerGas: bigint;
  /** The 32-byte Merkle root, hex without 0x. */
  root: string;
}

const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;

export function validKey(key: string | undefined): key is string {
  if (!key || !PRIVATE_KEY.test(key)) return false;
  return secp256k1.utils.isValidSecretKey(hexBytes(key));
}

/** The Ethereum address (lower case, 0x) of a private key. */
export function addressOf(key: string): string {
  const pub = secp256k1.getPublicKey(hexBytes(key), false);
  return bytesHex(keccak_256(pub.slice(1)).slice(-20));
}

/**
 * Signs an EIP-1559 (type 2) anchor transaction. The hash is keccak256 of the raw bytes, known
 * before anything is sent: the batch stores raw, hash and nonce first, and a re-send is the same
 * bytes with the same hash.
 */
export function signAnchor(tx: AnchorTx, key: string): { raw: string; hash: string } {
  const fields = [
    intBytes(tx.chainId),
    intBytes(tx.nonce),
    intBytes(tx.maxPriorityFeePerGas),
    intBytes(tx.maxFeePerGas),
    intBytes(ANCHOR_GAS),
    hexBytes(ANCHOR_TO),
    intBytes(0),
    hexBytes(tx.root),
    [],
  ];
  const unsigned = concatBytes([Uint8Array.of(2), rlp(fields)]);
  const sig = secp256k1.Signature.fromBytes(
    secp256k1.sign(keccak_256(unsigned), hexBytes(key), { prehash: false, format: 'recovered' }),
    'recovered',
  );
  const signed = concatBytes([
    Uint8Array.of(2),
    rlp([...fields, intBytes(sig.recovery ?? 0), intBytes(sig.r), intBytes(sig.s)]),
  ]);
  return { raw: bytesHex(signed), hash: bytesHex(keccak_256(signed)) };
}
