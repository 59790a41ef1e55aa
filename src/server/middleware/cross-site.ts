import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site (security guide SES-06). Browsers send
 * Sec-Fetch-Site; older ones at least Origin, compared with the configured public origin, never
 * with request headers (HDR-04). Requests with neither header come from non-browser clients
 * (issuer scripts, curl), which carry no ambient cookies worth forging.
 */
export function crossSiteGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined) {
      if (site !== 'same-origin' && site !== 'none') throw new AppError('E403101');
      return next();
    }
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== new URL(c.env.PUBLIC_BASE_URL).origin) {
      throw new AppError('E403101');
    }
    return next();
  };
}
