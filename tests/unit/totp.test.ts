import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, codeAt, matchingStep, otpauthUri, stepAt } from '../../src/server/mfa/totp';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", 8-digit codes at these times.
const RFC_SEED = base32Encode(new TextEncoder().encode('12345678901234567890'));
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('RFC 6238 vector at %i s', async (seconds, expected) => {
    expect(await codeAt(RFC_SEED, stepAt(seconds * 1000), 8)).toBe(expected);
  });

  it('6-digit codes are the last six digits of the same truncation', async () => {
    expect(await codeAt(RFC_SEED, stepAt(59_000))).toBe('287082');
  });

  it('base32 round-trips and refuses other characters', () => {
    const bytes = crypto.getRandomValues(new Uint8Array(20));
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(new TextEncoder().encode('foobar'))).toBe('MZXW6YTBOI');
    expect(() => base32Decode('MZXW6YTB01')).toThrow();
  });

  it('accepts one step of drift either way, not two; refuses non-digits', async () => {
    const now = 1_700_000_000_000;
    const here = stepAt(now);
    for (const d of [-1, 0, 1])
      expect(await matchingStep(RFC_SEED, await codeAt(RFC_SEED, here + d), now)).toBe(here + d);
    for (const d of [-2, 2]) expect(await matchingStep(RFC_SEED, await codeAt(RFC_SEED, here + d), now)).toBeNull();
    expect(await matchingStep(RFC_SEED, '12345a', now)).toBeNull();
    expect(await matchingStep(RFC_SEED, '1234567', now)).toBeNull();
  });

  it('the otpauth URI names issuer and account, encoded', () => {
    const uri = otpauthUri('JBSWY3DPEHPK3PXP', 'Lanyard', 'hana@example.jp');
    expect(uri).toBe(
      'otpauth://totp/Lanyard%3Ahana%40example.jp?secret=JBSWY3DPEHPK3PXP&issuer=Lanyard&algorithm=SHA1&digits=6&period=30',
    );
  });
});
