import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

/**
 * Reports how long the Worker took to render a public page, body included, as Server-Timing
 * `render`. Astro streams its output, so the page is read to its end here before timing stops;
 * public pages are small (tens of KB). The benchmark reads this figure: locally the client's own
 * clock also holds wrangler's proxying, which production does not have.
 */
export function renderTiming(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const started = performance.now();
    await next();
    const body = await c.res.arrayBuffer();
    const res = new Response(body, c.res);
    res.headers.append('Server-Timing', `render;dur=${(performance.now() - started).toFixed(1)}`);
    c.res = res;
  };
}
