import { useRef, useState, type FormEvent } from 'react';
import { looksLikeEmail } from '../../lib/email';
import { call } from '../lib/api';
import { account } from '../lib/client';
import { HiddenToken } from '../lib/HiddenToken';
import { Field } from './Field';
import { ThaiText } from '../lib/ThaiText';

export interface RequestLinkLabels {
  email: string;
  submit: string;
  required: string;
  emailInvalid: string;
  sentHeading: string;
  /** Holds `{{email}}`, filled in here with the address entered. */
  sentMessage: string;
  fallback: string;
}

/** Where the server-rendered form stands: the address typed, the server's message, or the address mailed. */
export interface RequestLinkInitial {
  email: string;
  error: string | null;
  sent: string | null;
}

/**
 * /password/forgot and /password/initial: ask for a single-use link by email. The answer is the
 * same whether or not the address has an account (security guide RST-01). The form posts to the
 * server (issue 25), so it works before this island hydrates and without JavaScript; its input is
 * uncontrolled, so what was typed before hydration stays.
 */
export default function RequestLinkForm({
  labels,
  action,
  token,
  initial,
}: {
  labels: RequestLinkLabels;
  action: string;
  token: string;
  initial: RequestLinkInitial;
}) {
  const [error, setError] = useState<string | null>(initial.error);
  const [sent, setSent] = useState<string | null>(initial.sent);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = emailRef.current?.value.trim() ?? '';
    if (!value || !looksLikeEmail(value)) {
      setError(value ? labels.emailInvalid : labels.required);
      return;
    }
    setBusy(true);
    setError(null);
    const result = await call(account.ForgotPassword, { email: value });
    setBusy(false);
    if (!result.ok) {
      setError(result.errors[0]?.message || labels.fallback);
      return;
    }
    setSent(value);
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  if (sent)
    return (
      <div className="stack" role="status">
        <h2 ref={headingRef} tabIndex={-1}>
          <ThaiText text={labels.sentHeading} />
        </h2>
        <p>{labels.sentMessage.replace('{{email}}', sent)}</p>
      </div>
    );
  return (
    <form method="post" action={action} className="stack" onSubmit={submit} noValidate>
      <HiddenToken token={token} />
      <Field
        ref={emailRef}
        label={labels.email}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={initial.email}
        errors={error ? [error] : undefined}
      />
      <button type="submit" className="btn" disabled={busy}>
        <ThaiText text={labels.submit} />
      </button>
    </form>
  );
}
