import type { Context } from 'hono';
import { englishTranslator } from '../../i18n/translator';
import type { AppEnv } from '../context';
import { AppError, ERRORS, type ErrorCode } from '../errors';
import { toAppError } from '../http/on-error';

/** The RFC 6749 §5.2 / RFC 7591 §3.2.2 error names this server answers. */
export type OAuthErrorName =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'temporarily_unavailable';

/** An AppError that also names its OAuth error (the catalogue code stays the permanent one). */
export class OAuthError extends AppError {
  constructor(
    readonly oauth: OAuthErrorName,
    code: ErrorCode,
  ) {
    super(code);
  }
}

const BY_CODE: Partial<Record<ErrorCode, OAuthErrorName>> = {
  E401160: 'invalid_client',
  E400165: 'invalid_grant',
  E400163: 'invalid_scope',
  E400166: 'unsupported_grant_type',
  E400162: 'invalid_redirect_uri',
  E400167: 'invalid_client_metadata',
};

/**
 * The OAuth endpoints' error boundary: RFC 6749 error JSON (`error`, `error_description` translated
 * in the request's language, `error_code` from the catalogue), never cached; a failed client
 * authentication also gets the Basic challenge (RFC 6749 §5.2). Anything unexpected is logged and
 * answered as `temporarily_unavailable` without detail.
 */
export function oauthOnError(err: unknown, c: Context<AppEnv>) {
  const appErr = toAppError(err, c);
  const name: OAuthErrorName =
    err instanceof OAuthError
      ? err.oauth
      : (BY_CODE[appErr.code] ??
        (appErr.status >= 500 || appErr.status === 429 ? 'temporarily_unavailable' : 'invalid_request'));
  const t = c.get('t') ?? englishTranslator();
  c.header('Cache-Control', 'no-store');
  c.header('Pragma', 'no-cache');
  if (name === 'invalid_client') c.header('WWW-Authenticate', 'Basic realm="ob3", charset="UTF-8"');
  const body = { error: name, error_description: t(ERRORS[appErr.code].key, appErr.params), error_code: appErr.code };
  return c.json(body, appErr.status);
}
