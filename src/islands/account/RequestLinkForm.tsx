import { useRef, useState, type FormEvent } from 'react';
import { looksLikeEmail } from '../../lib/email';
import { call } from '../lib/api';
import { account } from '../lib/client';
import { Field } from './Field';

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

/**
 * /password/forgot and /password/initial: ask for a single-use link by email. The answer is the
 * same whether or not the address has an account (security guide RST-01).
 */
export default function RequestLinkForm({ labels }: { labels: RequestLinkLabels }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
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
          {labels.sentHeading}
        </h2>
        <p>{labels.sentMessage.replace('{{email}}', sent)}</p>
      </div>
    );
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <Field
        label={labels.email}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        value={email}
        errors={error ? [error] : undefined}
        onValue={setEmail}
      />
      <button type="submit" className="btn" disabled={busy}>
        {labels.submit}
      </button>
    </form>
  );
}
