import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { SESSION_COOKIE } from '../auth/cookies';

/** Sent on every response, errors included (security guide HDR-01, HDR-03). */
const ALWAYS: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
};

/** Defaults a route may override (hosted badge documents loosen CORP, reset pages tighten Referrer). */
const DEFAULTS: Record<string, string> = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  // Pages get Astro's hashed policy (astro.config.mjs); everything else may run nothing at all.
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};

/** Pages whose path carries a secret token: no Referer may leak it to anything they load (RST-03). */
const TOKEN_PAGES = /\/(password\/reset|activation|receive|email\/verification)\//;

/**
 * Security headers plus the caching rule: anything that may carry user-specific data is
 * `no-store` (HDR-02). A response is user-specific when the request carried a session cookie or
 * the response sets a cookie; responses that chose no caching policy also default to no-store.
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(ALWAYS)) res.headers.set(name, value);
    if (TOKEN_PAGES.test(c.req.path)) res.headers.set('Referrer-Policy', 'no-referrer');
    for (const [name, value] of Object.entries(DEFAULTS)) {
      if (!res.headers.has(name)) res.headers.set(name, value);
    }
    const personal = (c.req.header('cookie') ?? '').includes(`${SESSION_COOKIE}=`) || res.headers.has('set-cookie');
    if (personal || !res.headers.has('Cache-Control')) res.headers.set('Cache-Control', 'no-store');
    if ((res.headers.get('content-type') ?? '').startsWith('text/html')) res.headers.append('Vary', 'Cookie');
    c.res = undefined;
    c.res = res;
  };
}
