import { sha256Hex } from '../auth/tokens';
import type { VerificationReport } from './report';
import type { VerifyInput } from './verify';

/**
 * Verification results are kept 60 seconds per isolate, keyed by the input and the addresses
 * checked: a page that shows the same badge to many visitors does not refetch the issuer's chain
 * each time, and a revocation is seen within a minute.
 */
export const VERIFY_CACHE_MS = 60_000;
const MAX_ENTRIES = 500;
const entries = new Map<string, { at: number; report: Promise<VerificationReport> }>();

export async function cachedVerification(
  input: VerifyInput,
  emails: string[],
  run: () => Promise<VerificationReport>,
  now = Date.now(),
): Promise<VerificationReport> {
  const key = await sha256Hex(JSON.stringify([input, [...emails].map((e) => e.toLowerCase()).sort()]));
  const hit = entries.get(key);
  if (hit && now - hit.at < VERIFY_CACHE_MS) return hit.report;
  const report = run();
  entries.set(key, { at: now, report });
  report.catch(() => entries.delete(key));
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  return report;
}
