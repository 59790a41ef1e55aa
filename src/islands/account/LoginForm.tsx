import { useId, useRef, useState, type FormEvent } from 'react';
import { looksLikeEmail } from '../../lib/email';
import { call } from '../lib/api';
import { account } from '../lib/client';

export interface LoginLabels {
  email: string;
  password: string;
  next: string;
  changeEmail: string;
  submit: string;
  emailInvalid: string;
  fallback: string;
}

/**
 * The two-step login of spec §2: the email first, then the password. The server's answer is shown
 * as it comes, already translated (wrong password with the attempts left, or the lock).
 */
export default function LoginForm({ labels, redirect }: { labels: LoginLabels; redirect: string }) {
  const [step, setStep] = useState<'email' | 'password'>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);

  const next = (e: FormEvent) => {
    e.preventDefault();
    if (!looksLikeEmail(email.trim())) {
      setError(labels.emailInvalid);
      return;
    }
    setError(null);
    setStep('password');
    requestAnimationFrame(() => passwordRef.current?.focus());
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const result = await call(account.Login, { email: email.trim(), password });
    if (result.ok) {
      window.location.assign(redirect);
      return;
    }
    setBusy(false);
    setPassword('');
    setError(result.errors[0]?.message || labels.fallback);
  };

  const describedBy = error ? errorId : undefined;
  return (
    <form className="stack" onSubmit={step === 'email' ? next : submit} noValidate>
      <label className="field">
        <span>{labels.email}</span>
        <input
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          readOnly={step === 'password'}
          aria-invalid={step === 'email' && error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      {step === 'password' && (
        <>
          <button type="button" className="link-btn" onClick={() => (setStep('email'), setError(null))}>
            {labels.changeEmail}
          </button>
          <label className="field">
            <span>{labels.password}</span>
            <input
              ref={passwordRef}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              maxLength={256}
              value={password}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
        </>
      )}
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn" disabled={busy}>
        {step === 'email' ? labels.next : labels.submit}
      </button>
    </form>
  );
}
