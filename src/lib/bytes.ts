import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/*
 * Byte helpers, each written once (issue 36). Hex comes from @noble/hashes, which the server
 * already uses for its hashes; what it lacks is here.
 */
export { bytesToHex };

/**
 * Joins byte arrays into one. It takes an array, not arguments (noble's concatBytes spreads them):
 * an export's central directory joins up to 65,000 records.
 */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Bytes of a hex string (an optional 0x is dropped); null when it is not even-length hex. */
export function fromHex(hex: string): Uint8Array | null {
  try {
    return hexToBytes(/^0x/i.test(hex) ? hex.slice(2) : hex);
  } catch {
    return null;
  }
}

/** Whether two byte strings are equal. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

let table: Uint32Array | null = null;

/** The CRC-32 table, built on first use (no work at import time). */
function crcTable(): Uint32Array {
  if (table) return table;
  table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

/**
 * CRC-32 (ISO 3309, the IEEE polynomial) over one or more byte ranges in sequence: what PNG chunks
 * and ZIP entries carry.
 */
export function crc32(...parts: Uint8Array[]): number {
  const t = crcTable();
  let c = 0xffffffff;
  for (const bytes of parts) {
    for (let i = 0; i < bytes.length; i++) c = (t[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  }
  return (c ^ 0xffffffff) >>> 0;
}
