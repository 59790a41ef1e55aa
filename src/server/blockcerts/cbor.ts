/**
 * The slice of CBOR (RFC 8949) a MerkleProof2019 proofValue uses: integers, byte and text strings,
 * arrays. Decoding is bounded and strict: anything else (maps, floats, tags, indefinite lengths,
 * lengths past the input) is refused, since proofValues come from credentials anyone can write.
 */
export type Cbor = number | string | Uint8Array | Cbor[];

function head(major: number, n: number): number[] {
  if (n < 24) return [(major << 5) | n];
  if (n < 0x100) return [(major << 5) | 24, n];
  if (n < 0x10000) return [(major << 5) | 25, n >> 8, n & 0xff];
  if (n < 0x100000000) return [(major << 5) | 26, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
  throw new RangeError('CBOR integer too large');
}

function encodeInto(v: Cbor, out: number[]): void {
  if (typeof v === 'number') out.push(...(v >= 0 ? head(0, v) : head(1, -1 - v)));
  else if (typeof v === 'string') encodeBytes(3, new TextEncoder().encode(v), out);
  else if (v instanceof Uint8Array) encodeBytes(2, v, out);
  else {
    out.push(...head(4, v.length));
    for (const item of v) encodeInto(item, out);
  }
}
function encodeBytes(major: number, bytes: Uint8Array, out: number[]) {
  out.push(...head(major, bytes.length));
  for (const b of bytes) out.push(b);
}

/** CBOR bytes of a value. */
export function cborEncode(v: Cbor): Uint8Array {
  const out: number[] = [];
  encodeInto(v, out);
  return Uint8Array.from(out);
}

/** The value CBOR bytes hold, or null when they are not exactly one value of the supported kinds. */
export function cborDecode(bytes: Uint8Array): Cbor | null {
  let pos = 0;
  const read = (depth: number): Cbor => {
    if (depth > 16 || pos >= bytes.length) throw new Error('cbor');
    const first = bytes[pos++] ?? 0;
    const major = first >> 5;
    const info = first & 0x1f;
    let n: number;
    if (info < 24) n = info;
    else if (info <= 26) {
      const size = info === 24 ? 1 : info === 25 ? 2 : 4;
      if (pos + size > bytes.length) throw new Error('cbor');
      n = 0;
      for (let i = 0; i < size; i++) n = n * 256 + (bytes[pos++] ?? 0);
    } else throw new Error('cbor');
    if (major === 0) return n;
    if (major === 1) return -1 - n;
    if (major === 2 || major === 3) {
      if (pos + n > bytes.length) throw new Error('cbor');
      const slice = bytes.slice(pos, (pos += n));
      return major === 2 ? slice : new TextDecoder('utf-8', { fatal: true }).decode(slice);
    }
    if (major === 4) {
      if (n > bytes.length - pos) throw new Error('cbor'); // each item takes at least one byte
      return Array.from({ length: n }, () => read(depth + 1));
    }
    throw new Error('cbor');
  };
  try {
    const v = read(0);
    return pos === bytes.length ? v : null;
  } catch {
    return null;
  }
}
