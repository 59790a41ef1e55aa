import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { englishTranslator } from '../../i18n/translator';
import type { AppEnv } from '../context';
import { isRetryableD1, retryAfterSeconds } from '../db/retryable';
import { AppError, type ErrorCode } from '../errors';
import { errorBody } from './envelope';

const BY_STATUS: Record<number, ErrorCode> = {
  400: 'E400100',
  401: 'E401100',
  403: 'E403100',
  404: 'E404100',
  405: 'E405100',
  413: 'E413100',
  415: 'E415100',
  429: 'E429100',
  503: 'E503100',
};

/** Normalises anything thrown into an AppError; unknown failures become E500100 and are logged. */
export function toAppError(err: unknown, c: Context<AppEnv>): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException) return new AppError(BY_STATUS[err.status] ?? 'E500100');
  // D1's transient failures (FLT-01/02): the client may send the request again. A batch is all or
  // nothing, so whether it applied or not, nothing is half done; the retry meets the same checks.
  if (isRetryableD1(err)) {
    c.get('log')?.warn('database briefly unavailable', { error: String(err) });
    c.header('Retry-After', String(retryAfterSeconds(err)));
    return new AppError('E503103');
  }
  c.get('log')?.error('unhandled', { error: err instanceof Error ? err.stack : String(err) });
  return new AppError('E500100');
}

/**
 * The one error boundary: the spec's envelope, translated in the request's language, with no
 * stack trace or internal detail in the body (security guide HDR-03).
 */
export function onError(err: unknown, c: Context<AppEnv>) {
  const appErr = toAppError(err, c);
  const t = c.get('t') ?? englishTranslator();
  const body = errorBody(appErr, t);
  if (appErr.code === 'E503100') c.header('Retry-After', '60');
  return c.json(body, appErr.status);
}

export function notFound(c: Context<AppEnv>) {
  return onError(new AppError('E404100'), c);
}
