import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context';
import { AppError } from '../errors';

/** Caps a request body before it is buffered; the cap applies to streamed bodies too. */
export function limitBody(maxSize: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError('E413100', { max: Math.round(maxSize / 1024) });
    },
  });
}
