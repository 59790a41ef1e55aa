import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

/**
 * Adds the Worker's own time for a request as Server-Timing `app`, session lookup included. The
 * benchmark reads it: locally the client's clock also holds wrangler's proxying.
 */
export function serverTiming(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    c.res.headers.append('Server-Timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
  };
}
