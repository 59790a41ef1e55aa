import type { FieldErrors } from '../lib/field-errors';
import { Field } from './Field';

export interface PasswordPairLabels {
  password: string;
  confirm: string;
  /** The password rules, shown under the first field. */
  hint: string;
}

type PairField = 'password' | 'confirm_password';

/**
 * A new password and its confirmation, each with its errors (registration, reset, change). The
 * account screens name the inputs, mark them required and cap them at 256 characters (`named`);
 * their forms post to the server, and leave the inputs uncontrolled (no `values`), so what was
 * typed before the island hydrated stays (issue 25).
 */
export function PasswordPair({
  labels,
  values,
  errors,
  onValue,
  named = false,
}: {
  labels: PasswordPairLabels;
  values?: Record<PairField, string>;
  errors: FieldErrors;
  onValue?: (field: PairField, value: string) => void;
  named?: boolean;
}) {
  const input = (name: PairField) => ({
    ...(named ? { name, required: true, maxLength: 256 } : {}),
    type: 'password',
    autoComplete: 'new-password',
    ...(values ? { value: values[name] } : {}),
    errors: errors[name],
    ...(onValue ? { onValue: (v: string) => onValue(name, v) } : {}),
  });
  return (
    <>
      <Field label={labels.password} hint={labels.hint} {...input('password')} />
      <Field label={labels.confirm} {...input('confirm_password')} />
    </>
  );
}
