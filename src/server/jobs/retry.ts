/** How often an outbox job is tried, and how long to wait between tries (kept apart from the handlers). */
export const MAX_ATTEMPTS = 6;

/** Seconds to wait before attempt n+1: 10 s, 20 s, 40 s ... capped at 15 minutes. */
export function backoffSeconds(attempts: number): number {
  return Math.min(900, 10 * 2 ** Math.max(0, attempts - 1));
}
