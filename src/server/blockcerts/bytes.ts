import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';

/** Lower-case hex of bytes, as Blockcerts writes hashes (no 0x). */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/** Bytes of a hex string (an optional 0x is dropped); null when it is not even-length hex. */
export function fromHex(hex: string): Uint8Array | null {
  const h = hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex;
  if (h.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(h)) return null;
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Whether two byte strings are equal. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** sha256, synchronous (noble), so a 10,000-leaf tree is not 20,000 awaited digests. */
export function sha256(bytes: Uint8Array): Uint8Array {
  return nobleSha256(bytes);
}
