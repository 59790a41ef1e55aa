import { bytesToHex, concatBytes, fromHex } from '../../lib/bytes';

/** Recursive Length Prefix encoding (Ethereum's serialisation), only what a transaction needs. */
export type RlpItem = Uint8Array | RlpItem[];

/** Our own hex (keys, addresses, hashes) as bytes; a malformed one is a programming error. */
export function hexBytes(hex: string): Uint8Array {
  const bytes = fromHex(hex);
  if (!bytes) throw new Error('not hex');
  return bytes;
}

/** Bytes as 0x-prefixed hex, as Ethereum's JSON-RPC writes them. */
export const bytesHex = (bytes: Uint8Array): string => `0x${bytesToHex(bytes)}`;

/** A non-negative integer as minimal big-endian bytes (zero is the empty string, as RLP wants). */
export function intBytes(n: bigint | number): Uint8Array {
  const v = BigInt(n);
  if (v === 0n) return new Uint8Array();
  const h = v.toString(16);
  return hexBytes(h.length % 2 ? '0' + h : h);
}

function length(len: number, offset: number): Uint8Array {
  if (len < 56) return Uint8Array.of(offset + len);
  const b = intBytes(len);
  return concatBytes([Uint8Array.of(offset + 55 + b.length), b]);
}

export function rlp(item: RlpItem): Uint8Array {
  if (Array.isArray(item)) {
    const body = concatBytes(item.map(rlp));
    return concatBytes([length(body.length, 0xc0), body]);
  }
  if (item.length === 1 && (item[0] ?? 0x80) < 0x80) return item;
  return concatBytes([length(item.length, 0x80), item]);
}
