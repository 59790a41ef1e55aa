import { useRef, useState, type FormEvent } from 'react';
import { call } from '../lib/api';
import { account } from '../lib/client';
import { byField, type FieldErrors } from '../lib/field-errors';
import { HiddenToken } from '../lib/HiddenToken';
import { FormErrors } from './Field';
import { passwordErrors, type PasswordRuleLabels } from './password-check';
import { PasswordPair } from './PasswordPair';
import { ThaiText } from '../lib/ThaiText';

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

/** Where the server-rendered form stands: done, the link expired, or the server's errors. */
export interface NewPasswordInitial {
  done: boolean;
  expired: boolean;
  errors: FieldErrors;
}

/**
 * New password setting from a mailed link (/password/reset/{token}, and /password/initial with a
 * token). A used or expired link says so and offers a new one; success ends every session. The
 * form posts to the page (issue 25), never by GET, so the passwords never reach a URL; it works
 * before this island hydrates and without JavaScript, and its inputs are uncontrolled, so what
 * was typed before hydration stays.
 */
export default function NewPasswordForm({
  labels,
  token,
  formToken,
  action,
  loginUrl,
  requestUrl,
  initial,
}: {
  labels: NewPasswordLabels;
  /** The reset link's token (it is in the page's address already). */
  token: string;
  formToken: string;
  action: string;
  loginUrl: string;
  requestUrl: string;
  initial: NewPasswordInitial;
}) {
  const [errors, setErrors] = useState<FieldErrors>(initial.errors);
  const [expired, setExpired] = useState(initial.expired);
  const [done, setDone] = useState(initial.done);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: string) => {
      const v = data.get(name);
      return typeof v === 'string' ? v : '';
    };
    const form = { password: text('password'), confirm_password: text('confirm_password') };
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
          <ThaiText text={labels.doneHeading} />
        </h2>
        <p>
          <ThaiText text={labels.doneMessage} />
        </p>
        <a className="btn" href={loginUrl}>
          <ThaiText text={labels.login} />
        </a>
      </div>
    );
  // A dead link (used, expired, unknown) takes no password: it says why and offers a new one.
  if (expired)
    return (
      <div className="stack">
        <FormErrors messages={errors._form} />
        <a className="btn" href={requestUrl}>
          <ThaiText text={labels.requestNew} />
        </a>
      </div>
    );
  return (
    <form method="post" action={action} className="stack" onSubmit={submit} noValidate>
      <HiddenToken token={formToken} />
      <PasswordPair
        named
        labels={{ password: labels.password, confirm: labels.confirmPassword, hint: labels.passwordHint }}
        errors={errors}
      />
      <FormErrors messages={errors._form} />
      <button type="submit" className="btn" disabled={busy}>
        <ThaiText text={labels.submit} />
      </button>
    </form>
  );
}
