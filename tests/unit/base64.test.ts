import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '../../src/lib/base64';

/** What the decoder replaced did (Uint8Array.from over atob), for comparison. */
function viaAtob(b64: string): number[] | null {
  try {
    return Array.from(atob(b64), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

describe('base64ToBytes (issue 33: decoded in slices, as atob reads it)', () => {
  const bytes = Uint8Array.from({ length: 200_003 }, (_, i) => (i * 7919) % 256);
  const b64 = bytesToBase64(bytes);

  it('round-trips across slice boundaries, padded or not', () => {
    expect(b64.length).toBeGreaterThan(3 * 0x10000);
    expect(base64ToBytes(b64)).toEqual(bytes);
    for (const n of [0, 1, 2, 3, 49_152, 49_153])
      expect(base64ToBytes(bytesToBase64(bytes.subarray(0, n))), String(n)).toEqual(bytes.subarray(0, n));
    expect(base64ToBytes('QQ')).toEqual(new Uint8Array([65]));
  });

  it('agrees with atob on whitespace and on what is not base64', () => {
    const wrapped = b64.replace(/.{76}/g, '$&\r\n');
    expect(base64ToBytes(wrapped)).toEqual(bytes);
    for (const text of [' QUJD ', 'QU\tJD', 'QUJ', 'Q', 'QQ==QQ==', 'QUJD!', '====', 'QUJD\v'])
      expect(base64ToBytes(text) && Array.from(base64ToBytes(text) ?? []), JSON.stringify(text)).toEqual(viaAtob(text));
  });
});
