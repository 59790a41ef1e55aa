import type { MiddlewareHandler } from 'hono';
import { sha256Hex } from '../auth/tokens';
import type { AppEnv } from '../context';
import { AppError } from '../errors';

/**
 * Outside production, and only when the server was started with a token (scripts/start.mjs makes
 * one per run), the token's bearer may run SQL through the running Worker. Tests and scripts use it
 * instead of writing to the local D1 file behind the Worker's back, which raced under load.
 * Anyone else, and everyone in production, gets the not-found answer of an unknown path.
 */
export const requireDevToken = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const expected = c.env.ENVIRONMENT === 'production' ? undefined : c.env.DEV_SQL_TOKEN;
  const given = /^Bearer\s+(\S{32,256})$/.exec(c.req.header('authorization') ?? '')?.[1];
  if (!expected || !given || (await sha256Hex(given)) !== (await sha256Hex(expected))) throw new AppError('E404100');
  await next();
};
