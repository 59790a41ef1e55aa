import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { looksLikeEmail } from '../../lib/email';
import { call } from '../lib/api';
import { account } from '../lib/client';
import { HiddenToken } from '../lib/HiddenToken';
import { PasskeyButton, type PasskeyButtonLabels } from './PasskeyButton';
import { PasskeySignIn } from './PasskeySignIn';
import { ThaiText } from '../lib/ThaiText';

export interface LoginLabels {
  email: string;
  password: string;
  next: string;
  changeEmail: string;
  submit: string;
  emailInvalid: string;
  fallback: string;
  /** The second step (issue 22): an app code or a recovery code. */
  code: string;
  codeIntro: string;
  codeSubmit: string;
}

/** Passkeys (issue 22): sign in with one alone, or use one as the second step. */
export interface PasskeyLoginLabels extends PasskeyButtonLabels {
  signIn: string;
  /** "or", between the form and the passkey button. */
  or: string;
  useForStep: string;
  stepIntro: string;
}

/** The second-step methods Login offers (issue 22): app codes, passkeys, or both. */
export type SecondStepMethod = 'app_code' | 'passkey';

/** Where the server-rendered form stands: the step, the address typed, the server's message. */
export interface LoginInitial {
  step: 'email' | 'password' | 'code';
  email: string;
  error: string | null;
  /** At the code step: which methods the account has (the no-JS form's step says only "code"). */
  methods?: SecondStepMethod[];
}

/**
 * The two-step login of spec §2: the email first, then the password. The form posts to the server
 * (issue 25), so it works before this island hydrates and without JavaScript; hydrated, it checks
 * the address here and signs in through the API. Its inputs are uncontrolled, so what was typed
 * before hydration stays. The server's answer is shown as it comes, already translated.
 */
export default function LoginForm({
  labels,
  passkeyLabels,
  redirect,
  action,
  token,
  initial,
}: {
  labels: LoginLabels;
  passkeyLabels: PasskeyLoginLabels;
  redirect: string;
  action: string;
  token: string;
  initial: LoginInitial;
}) {
  const [step, setStep] = useState(initial.step);
  const [error, setError] = useState<string | null>(initial.error);
  const [busy, setBusy] = useState(false);
  const [methods, setMethods] = useState<SecondStepMethod[]>(initial.methods ?? ['app_code']);
  const errorId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // The code field exists only once the step has rendered: focus it then, not on the next frame.
  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step, methods]);

  const next = () => {
    if (!looksLikeEmail(emailRef.current?.value.trim() ?? '')) {
      setError(labels.emailInvalid);
      return;
    }
    setError(null);
    setStep('password');
    requestAnimationFrame(() => passwordRef.current?.focus());
  };

  const logIn = async () => {
    setBusy(true);
    setError(null);
    const email = emailRef.current?.value.trim() ?? '';
    const result = await call(account.Login, { email, password: passwordRef.current?.value ?? '' });
    if (result.ok && result.data.second_step) {
      // The password was right; the session comes after the second step (the pending step is a cookie).
      const offered = result.data.second_step_methods;
      setMethods(offered?.length ? offered : ['app_code']);
      setBusy(false);
      setStep('code');
      return;
    }
    if (result.ok) {
      window.location.assign(redirect);
      return;
    }
    setBusy(false);
    if (passwordRef.current) passwordRef.current.value = '';
    setError(result.errors[0]?.message || labels.fallback);
  };

  const sendCode = async () => {
    setBusy(true);
    setError(null);
    const result = await call(account.LoginSecondStep, { code: codeRef.current?.value ?? '' });
    if (result.ok) {
      window.location.assign(redirect);
      return;
    }
    setBusy(false);
    if (codeRef.current) codeRef.current.value = '';
    setError(result.errors[0]?.message || labels.fallback);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (step === 'email') next();
    else if (step === 'code') void sendCode();
    else void logIn();
  };

  const changeEmail = (e: MouseEvent) => {
    e.preventDefault();
    setStep('email');
    setError(null);
  };

  const describedBy = error ? errorId : undefined;
  const appCodes = methods.includes('app_code');
  const passkeyStep = step === 'code' && methods.includes('passkey');
  const passkeyProps = {
    labels: passkeyLabels,
    disabled: busy,
    onStart: () => setError(null),
    onDone: () => window.location.assign(redirect),
    onError: setError,
  };
  return (
    <>
      <form method="post" action={action} className="stack" onSubmit={submit} noValidate>
        <HiddenToken token={token} />
        <input type="hidden" name="step" value={step} />
        <label className="field">
          <span>
            <ThaiText text={labels.email} />
          </span>
          <input
            ref={emailRef}
            type="email"
            name="email"
            autoComplete="username"
            required
            defaultValue={initial.email}
            readOnly={step !== 'email'}
            aria-invalid={step === 'email' && error ? true : undefined}
            aria-describedby={describedBy}
          />
        </label>
        {step === 'password' && (
          <label className="field">
            <span>
              <ThaiText text={labels.password} />
            </span>
            <input
              ref={passwordRef}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              maxLength={256}
              autoFocus={initial.step === 'password'}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
          </label>
        )}
        {step === 'code' && (
          <>
            <p>{appCodes ? labels.codeIntro : passkeyLabels.stepIntro}</p>
            {appCodes && (
              <label className="field">
                <span>
                  <ThaiText text={labels.code} />
                </span>
                <input
                  ref={codeRef}
                  type="text"
                  name="code"
                  autoComplete="one-time-code"
                  autoCapitalize="none"
                  spellCheck={false}
                  required
                  maxLength={32}
                  dir="ltr"
                  autoFocus={initial.step === 'code'}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy}
                />
              </label>
            )}
          </>
        )}
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
        {/* The first submit button is the one Enter presses, so "Next" / "Log in" comes first. */}
        {(step !== 'code' || appCodes) && (
          <button type="submit" className="btn" disabled={busy}>
            {step === 'email' ? labels.next : step === 'code' ? labels.codeSubmit : labels.submit}
          </button>
        )}
        {passkeyStep && (
          <PasskeyButton
            {...passkeyProps}
            label={passkeyLabels.useForStep}
            className={appCodes ? 'btn btn-secondary' : 'btn'}
            options={() => call(account.LoginSecondStep.Passkey.Options, {})}
            finish={(response) => call(account.LoginSecondStep.Passkey, { response })}
          />
        )}
        {step !== 'email' && (
          <button type="submit" name="change" value="1" className="link-btn" formNoValidate onClick={changeEmail}>
            <ThaiText text={labels.changeEmail} />
          </button>
        )}
      </form>
      {step === 'email' && (
        <PasskeySignIn
          label={passkeyLabels.signIn}
          or={passkeyLabels.or}
          labels={passkeyLabels}
          disabled={busy}
          onStart={() => setError(null)}
          onDone={passkeyProps.onDone}
        />
      )}
    </>
  );
}
