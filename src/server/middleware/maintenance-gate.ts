import type { Context, MiddlewareHandler } from 'hono';
import { writesClosedUntil } from '../../lib/maintenance';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { errorBody } from '../http/envelope';
import { maintenancePage, maintenancePolicy } from '../maintenance/page';
import { currentWindow } from '../maintenance/window';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes that stay open during maintenance: anyone's badge verification (a read that posts its
 * input), the portal's back-channel logout (ending a session must always work), the health check,
 * and development-only calls (never mounted in production).
 */
const ALWAYS_OPEN = [
  /^\/api\/v1\.0\/openbadge\/v2\/Wallet\/Public\/Verification$/,
  // The verify page's form (without JavaScript) posts the badge to the page itself.
  /^\/ns\/portal\/openbadge\/verification$/,
  /^\/(api|ns\/login)\/.*back-?channel/i,
  /^\/api\/health$/,
  /^\/api\/dev\//,
];

function refuse(c: Context<AppEnv>, until: number): Response | Promise<Response> {
  const retryAfter = String(Math.max(1, Math.ceil((until - Date.now()) / 1000)));
  c.header('Retry-After', retryAfter);
  c.header('Cache-Control', 'no-store');
  const path = c.req.path;
  if (path.startsWith('/api/') || path.startsWith('/ns/login/')) {
    return c.json(errorBody(new AppError('E503102'), c.var.t), 503);
  }
  return maintenancePolicy().then((csp) => {
    c.header('Content-Security-Policy', csp);
    return c.html(maintenancePage(currentWindow(c.env), until, c.var.lang, c.var.t), 503);
  });
}

/**
 * Spec §2 and §9: during the operator's maintenance window every write (API calls and page form
 * posts) answers 503 with Retry-After (seconds until writes open again): JSON calls the error
 * envelope (E503102), page posts a translated page. Reads, public pages included, keep serving.
 */
export function maintenanceGate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (READS.has(c.req.method) || ALWAYS_OPEN.some((r) => r.test(c.req.path))) return next();
    const until = writesClosedUntil(currentWindow(c.env), Date.now());
    if (until === null) return next();
    return refuse(c, until);
  };
}
