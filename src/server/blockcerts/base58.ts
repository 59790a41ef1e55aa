const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const LIMB = 656356768; // 58^5: limbs keep every intermediate below 2^53

/**
 * base58btc (the multibase 'z' alphabet). Works in limbs of 58^5 and 16 input bits per step, about
 * ten times faster than digit by digit, which matters for 10,000 proofValues of ~1.2 KB a night.
 */
export function base58Encode(bytes: Uint8Array): string {
  const limbs = [0];
  const step = (mul: number, add: number) => {
    let carry = add;
    for (let j = 0; j < limbs.length; j++) {
      const v = (limbs[j] ?? 0) * mul + carry;
      carry = Math.floor(v / LIMB);
      limbs[j] = v - carry * LIMB;
    }
    while (carry > 0) {
      const c = Math.floor(carry / LIMB);
      limbs.push(carry - c * LIMB);
      carry = c;
    }
  };
  let i = 0;
  if (bytes.length % 2) step(256, bytes[i++] ?? 0);
  for (; i < bytes.length; i += 2) step(65536, ((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  let digits = '';
  for (let v of limbs) {
    for (let k = 0; k < 5; k++) {
      digits = ALPHABET.charAt(v % 58) + digits;
      v = Math.floor(v / 58);
    }
  }
  digits = digits.replace(/^1+/, '');
  let zeros = '';
  for (const b of bytes) {
    if (b !== 0) break;
    zeros += '1';
  }
  return zeros + digits;
}

/** The bytes of a base58btc string, or null if it holds a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | null {
  const out: number[] = []; // little-endian base-256 digits
  for (const ch of text) {
    let carry = ALPHABET.indexOf(ch);
    if (carry < 0) return null;
    for (let j = 0; j < out.length; j++) {
      const v = (out[j] ?? 0) * 58 + carry;
      out[j] = v & 0xff;
      carry = v >> 8;
    }
    while (carry > 0) {
      out.push(carry & 0xff);
      carry >>= 8;
    }
  }
  let zeros = 0;
  while (text[zeros] === '1') zeros++;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...out.reverse()]);
}
