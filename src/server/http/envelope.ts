import type { Context } from 'hono';
import type { Translate } from '../../i18n/translator';
import { ERRORS, type AppError, type ErrorCode } from '../errors';

/** One error item of the spec's envelope (spec §8: code, resource_key, message). */
export interface ErrorItem {
  code: ErrorCode;
  resource_key: string;
  message: string;
  field?: string;
}

export interface ErrorBody {
  status: number;
  errors: ErrorItem[];
}

/** Success: the spec reads `status` from the body, so it is sent there as well as in HTTP. */
export function ok<T extends Record<string, unknown>>(c: Context, data: T) {
  return c.json({ status: 200 as const, ...data }, 200);
}

/** Builds the translated error body for an AppError, field errors first-class. */
export function errorBody(err: AppError, t: Translate): ErrorBody {
  const def = ERRORS[err.code];
  const head: ErrorItem = { code: err.code, resource_key: def.key, message: t(def.key, err.params) };
  const fields: ErrorItem[] = err.fields.map((f) => ({
    code: err.code,
    resource_key: f.key,
    message: t(f.key, { field: t(`fields.${f.field}`, { defaultValue: f.field }), ...f.params }),
    field: f.field,
  }));
  return { status: def.status, errors: [head, ...fields] };
}
