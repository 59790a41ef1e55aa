import type { ApiErrorItem } from './api';

export type FieldErrors = Partial<Record<string, string[]>>;

/** A server answer's errors grouped by field, so each shows under its input; the rest under `_form`. */
export function byField(errors: ApiErrorItem[], fallback: string): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) (out[e.field ?? '_form'] ??= []).push(e.message || fallback);
  if (errors.length === 0) out._form = [fallback];
  return out;
}
