import { describe, expect, it } from 'vitest';
import { randomCode } from '../../src/server/codes/generate';

describe('verification code generator (CODE-04)', () => {
  it('gives six digits, uniformly: 10^6 codes pass a chi-square test over 100 buckets', () => {
    const buckets = new Array<number>(100).fill(0);
    for (let i = 0; i < 1_000_000; i++) {
      const code = randomCode(6);
      if (code.length !== 6 || !/^\d{6}$/.test(code)) throw new Error(`bad code ${code}`);
      const bucket = Math.floor(Number(code) / 10_000);
      buckets[bucket] = (buckets[bucket] ?? 0) + 1;
    }
    const expected = 10_000;
    const chi2 = buckets.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    // 99 degrees of freedom: a fair generator exceeds 170 with probability below 10^-6.
    expect(chi2).toBeLessThan(170);
    // Leading zeros are kept, so 000000-099999 are as likely as any other tenth.
    expect(buckets.slice(0, 10).reduce((a, b) => a + b, 0)).toBeGreaterThan(95_000);
    // A million codes take about a second alone; on a busy 2-core machine CI has seen 5.6 s.
  }, 60_000);
});
