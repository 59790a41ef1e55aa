import { useState } from 'react';
import type { ErrorCode } from '../../server/errors';
import type { ApiResult } from './api';
import { byField, type FieldErrors } from './field-errors';

export interface SubmitOptions {
  /** The notice to show when the call succeeds. */
  done?: string;
  /** Codes whose message belongs under a field, e.g. a wrong password (E400105) under that password. */
  fields?: Partial<Record<ErrorCode, string>>;
  /** Codes whose form-level message is not shown, because the fields below say it already. */
  quiet?: ErrorCode[];
  /** A form for one row of a list: only the form-level message, shown under this key. */
  scope?: string;
}

/**
 * The settings forms' submit plumbing: `busy` while a call runs, the errors under their fields (the
 * form's own checks first, then the server's answer) and the success notice.
 */
export function useSubmit(fallback: string) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);

  /** Shows the form's own findings; true when there are none, so the form may be sent. */
  const check = (found: FieldErrors): boolean => {
    setNotice(null);
    setErrors(found);
    return !Object.values(found).some((v) => v?.length);
  };

  /** Runs a call while busy: its data on success, or null once its errors are on the form. */
  const submit = async <T>(request: () => Promise<ApiResult<T>>, options: SubmitOptions = {}): Promise<T | null> => {
    setBusy(true);
    setNotice(null);
    const r = await request();
    setBusy(false);
    if (r.ok) {
      setErrors({});
      setNotice(options.done ?? null);
      return r.data;
    }
    const items = r.errors
      .map((e) => ({ ...e, field: options.fields?.[e.code] ?? e.field }))
      .filter((e) => e.field || !options.quiet?.includes(e.code));
    const found = byField(items, fallback);
    setErrors(options.scope ? { [options.scope]: found['_form'] ?? [fallback] } : found);
    return null;
  };

  return { busy, errors, notice, setErrors, setNotice, check, submit };
}
