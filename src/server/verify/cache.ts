import { sha256Hex } from '../auth/tokens';
import type { VerificationReport } from '../verdict/report';
import { ttlMap, VERIFY_CACHE_MS } from '../verdict/ttl-map';
import type { VerifyInput } from './input';

/**
 * Verification results are kept 60 seconds per isolate (VERIFY_CACHE_MS), keyed by the input and
 * the addresses checked: a page that shows the same badge to many visitors does not refetch the
 * issuer's chain each time, and a revocation is seen within a minute.
 */
const results = ttlMap<Promise<VerificationReport>>(VERIFY_CACHE_MS, 500);

export async function cachedVerification(
  input: VerifyInput,
  emails: string[],
  run: () => Promise<VerificationReport>,
  now = Date.now(),
): Promise<VerificationReport> {
  // A JWS's claims, when its finder read them (a PDF), are that same text read: not part of the key.
  const given = input.kind === 'jws' ? { kind: input.kind, text: input.text } : input;
  const key = await sha256Hex(JSON.stringify([given, [...emails].map((e) => e.toLowerCase()).sort()]));
  const hit = results.get(key, now);
  if (hit) return hit;
  const report = run();
  results.set(key, report, now);
  report.catch(() => results.delete(key));
  return report;
}
