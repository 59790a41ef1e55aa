import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { englishTranslator } from '../../i18n/translator';
import type { AppEnv } from '../context';
import { ERRORS, type ErrorCode } from '../errors';
import { toAppError } from '../http/on-error';

type CodeMinor =
  | 'forbidden'
  | 'invalid_data'
  | 'invalid_query_parameter'
  | 'not_found'
  | 'unauthorizedrequest'
  | 'server_busy'
  | 'internal_server_error'
  | 'not_allowed';

/** The OB 3.0 minor code of an HTTP status (1EdTech OB 3.0 §6.3 "Imsx_CodeMinorFieldValue"). */
function minorOf(code: ErrorCode, status: number): CodeMinor {
  if (code === 'E400168') return 'invalid_query_parameter';
  if (status === 401) return 'unauthorizedrequest';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 405) return 'not_allowed';
  if (status === 429 || status === 503) return 'server_busy';
  if (status >= 500) return 'internal_server_error';
  return 'invalid_data';
}

/**
 * The OB 3.0 resource calls' error boundary: an Imsx_StatusInfo (failure, error) whose description
 * is the catalogue message in the request's language and whose minor field names the catalogue
 * code. A badge that does not verify is "invalid data" (400), as the specification has it, whatever
 * status the wallet's own import call gives it.
 */
export function imsxOnError<E extends AppEnv>(err: unknown, ctx: Context<E>) {
  // The resource routes add the token's grant to the variables; the boundary needs only the base ones.
  const c = ctx as unknown as Context<AppEnv>;
  const appErr = toAppError(err, c);
  const t = c.get('t') ?? englishTranslator();
  const status: ContentfulStatusCode = appErr.status === 422 || appErr.status === 409 ? 400 : appErr.status;
  if (status === 401) c.header('WWW-Authenticate', 'Bearer realm="ob3"');
  if (appErr.code === 'E403160') c.header('WWW-Authenticate', 'Bearer realm="ob3", error="insufficient_scope"');
  return c.json(
    {
      imsx_codeMajor: 'failure',
      imsx_severity: 'error',
      imsx_description: t(ERRORS[appErr.code].key, appErr.params),
      imsx_codeMinor: {
        imsx_codeMinorField: [
          { imsx_codeMinorFieldName: appErr.code, imsx_codeMinorFieldValue: minorOf(appErr.code, status) },
        ],
      },
    },
    status,
  );
}
