import type { MiddlewareHandler } from 'hono';
import { timing } from 'hono/timing';
import type { AppEnv } from '../context';

/*
 * The Worker's own time for a request as Server-Timing `total` (hono/timing), session lookup
 * included, on the calls whose figures the benchmarks report: locally the client's clock also
 * holds wrangler's proxying. A route adds its own parts with setMetric (FindList's `list`).
 * Mounted once for every request; only these paths carry the header.
 */
const TIMED: readonly RegExp[] = [
  // The notification calls are the hot path of every page.
  /^\/api\/v1\.0\/openbadge\/v2\/Wallet\/Notification\//,
  // The discovery calls, which the search page makes as people type.
  /^\/api\/v1\.0\/openbadge\/v2\/Wallet\/Search\//,
  // The badge list (issue 23): goal p99 < 30 ms with 1,000 badges.
  /^\/api\/v1\.0\/openbadge\/v2\/Wallet\/FindList$/,
  // Sign-in with a password, an app code or a passkey, alone or as the second step (issue 22).
  /^\/api\/v1\.0\/account\/Wallet\/(?:Login|LoginSecondStep|LoginPasskey|LoginSecondStep\/Passkey|LoginPasskey\/Options)$/,
  // Portal sign-in and the token renewal (issue 20).
  /\/portal\/(?:login|callback)$/,
  /^\/ns\/login\/GetApiAccessToken\.ashx$/,
  // Adding a badge or a learner record from elsewhere (issue 38: a 40-course record, each course verified).
  /^\/api\/v1\.0\/openbadge\/v2\/Wallet\/AddBadge$/,
];

export const isTimed = (path: string): boolean => TIMED.some((re) => re.test(path));

export function requestTiming(): MiddlewareHandler<AppEnv> {
  return timing({ enabled: (c) => isTimed(c.req.path), totalDescription: '' });
}
