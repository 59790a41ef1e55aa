/**
 * A uniformly random code of `digits` decimal digits from the CSPRNG. Values at or above the
 * largest multiple of 10^digits below 2^32 are drawn again (rejection sampling), so `% 10^digits`
 * has no bias (security guide CODE-04).
 */
export function randomCode(digits: number): string {
  const range = 10 ** digits;
  const limit = Math.floor(2 ** 32 / range) * range;
  const buf = new Uint32Array(4);
  for (;;) {
    crypto.getRandomValues(buf);
    for (const n of buf) if (n < limit) return String(n % range).padStart(digits, '0');
  }
}
