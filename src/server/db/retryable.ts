/*
 * Which D1 failures are worth trying again (developers.cloudflare.com/d1/best-practices/retry-queries).
 * D1 names them only in its message text, so this is the one place that reads it.
 */
const RETRYABLE = [
  'Network connection lost',
  'storage caused object to be reset',
  'reset because its code was updated',
  'D1 DB is overloaded',
];

/** True for D1's transient failures: the request may be sent again (the answer is 503, not 500). */
export function isRetryableD1(err: unknown): boolean {
  const text = err instanceof Error ? err.message : String(err);
  return RETRYABLE.some((m) => text.includes(m));
}

/** Seconds a client should wait before trying again: longer when D1 says it is overloaded (FLT-02). */
export const retryAfterSeconds = (err: unknown) => (String(err).includes('overloaded') ? 30 : 5);
