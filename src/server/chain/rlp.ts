/** Recursive Length Prefix encoding (Ethereum's serialisation), only what a transaction needs. */
export type RlpItem = Uint8Array | RlpItem[];

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function hexBytes(hex: string): Uint8Array {
  const h = hex.replace(/^0x/i, '');
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesHex(bytes: Uint8Array): string {
  let s = '0x';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

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
  return concat([Uint8Array.of(offset + 55 + b.length), b]);
}

export function rlp(item: RlpItem): Uint8Array {
  if (Array.isArray(item)) {
    const body = concat(item.map(rlp));
    return concat([length(body.length, 0xc0), body]);
  }
  if (item.length === 1 && (item[0] ?? 0x80) < 0x80) return item;
  return concat([length(item.length, 0x80), item]);
}
