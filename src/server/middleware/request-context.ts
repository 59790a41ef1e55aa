import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { createLogger } from '../log';

/** Gives every request an id (echoed as X-Request-Id) and logs one structured line per request. */
export function requestContext(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = crypto.randomUUID();
    const log = createLogger({ requestId }, c.env?.LOG_LEVEL);
    c.set('requestId', requestId);
    c.set('log', log);
    const started = Date.now();
    await next();
    c.header('X-Request-Id', requestId);
    log.info('request', {
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      status: c.res.status,
      ms: Date.now() - started,
    });
  };
}
