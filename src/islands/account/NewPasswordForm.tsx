import { useRef, useState, type FormEvent } from 'react';
import { call } from '../lib/api';
import { account } from '../lib/client';
import { byField, type FieldErrors } from '../lib/field-errors';
import { passwordErrors, type PasswordRuleLabels } from './password-check';
import { PasswordPair } from './PasswordPair';

export interface NewPasswordLabels {
  password: string;
  confirmPassword: string;
  passwordHint: string;
  submit: string;
  doneHeading: string;
  doneMessage: string;
  login: string;
  requestNew: string;
  fallback: string;
  rules: PasswordRuleLabels;
}

/**
 * New password setting from a mailed link (/password/reset/{token}, and /password/initial with a
 * token). A used or expired link says so and offers a new one; success ends every session.
 */
export default function NewPasswordForm({
  labels,
  token,
  loginUrl,
  requestUrl,
}: {
  labels: NewPasswordLabels;
  token: string;
  loginUrl: string;
  requestUrl: string;
}) {
  const [form, setForm] = useState({ password: '', confirm_password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [expired, setExpired] = useState(false);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The email is not known on this page; the server checks that rule and answers per field.
    const found = passwordErrors(form.password, form.confirm_password, null, labels.rules);
    setErrors(found);
    if (found.password.length || found.confirm_password.length) return;
    setBusy(true);
    const result = await call(account.ResetPassword, { token, ...form });
    setBusy(false);
    if (result.ok) {
      setDone(true);
      requestAnimationFrame(() => headingRef.current?.focus());
      return;
    }
    setExpired(result.errors.some((x) => x.code === 'E410101'));
    setErrors(byField(result.errors, labels.fallback));
  };

  if (done)
    return (
      <div className="stack" role="status">
        <h2 ref={headingRef} tabIndex={-1}>
          {labels.doneHeading}
        </h2>
        <p>{labels.doneMessage}</p>
        <a className="btn" href={loginUrl}>
          {labels.login}
        </a>
      </div>
    );
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <PasswordPair
        named
        labels={{ password: labels.password, confirm: labels.confirmPassword, hint: labels.passwordHint }}
        values={form}
        errors={errors}
        onValue={(k, v) => setForm((f) => ({ ...f, [k]: v }))}
      />
      {errors._form?.map((m) => (
        <p key={m} className="form-error" role="alert">
          {m}
        </p>
      ))}
      {expired ? (
        <a className="btn" href={requestUrl}>
          {labels.requestNew}
        </a>
      ) : (
        <button type="submit" className="btn" disabled={busy}>
          {labels.submit}
        </button>
      )}
    </form>
  );
}
