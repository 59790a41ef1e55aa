import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CONFIG_LIMITS } from '../../lib/limits';
import { looksLikeEmail } from '../../lib/email';
import { call } from '../lib/api';
import { account } from '../lib/client';
import { byField, type FieldErrors } from '../lib/field-errors';
import { useScrolledToEnd } from '../lib/use-scrolled-to-end';
import { Field } from './Field';
import { passwordErrors, type PasswordRuleLabels } from './password-check';
import { PasswordPair } from './PasswordPair';

export interface RegisterLabels {
  steps: string;
  stepTerms: string;
  stepInfo: string;
  stepSent: string;
  termsIntro: string;
  scrollHint: string;
  agree: string;
  cancel: string;
  back: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  passwordHint: string;
  emailInvalid: string;
  nameTooLong: string;
  submit: string;
  sentHeading: string;
  sentMessage: string;
  fallback: string;
  rules: PasswordRuleLabels;
}

type Step = 0 | 1 | 2;

/**
 * Registration in three steps (spec §2): agree to the terms (after scrolling them to the end),
 * enter the information (checked here as the server checks it), then "mail sent". `children` is
 * the terms text, rendered on the server.
 */
export default function RegisterWizard({
  labels,
  loginUrl,
  children,
}: {
  labels: RegisterLabels;
  loginUrl: string;
  children?: ReactNode;
}) {
  const [step, setStep] = useState<Step>(0);
  const [form, setForm] = useState({ first_name: '', last_name: '', email: '', password: '', confirm_password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const { ref: termsRef, reached } = useScrolledToEnd<HTMLDivElement>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  const go = (next: Step) => {
    setStep(next);
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const validate = (): FieldErrors => {
    const out: FieldErrors = {};
    const required = labels.rules.required;
    const name = (v: string) =>
      !v.trim() ? [required] : [...v.trim()].length > CONFIG_LIMITS.nameMax ? [labels.nameTooLong] : [];
    out.first_name = name(form.first_name);
    out.last_name = name(form.last_name);
    out.email = !form.email.trim() ? [required] : looksLikeEmail(form.email.trim()) ? [] : [labels.emailInvalid];
    Object.assign(out, passwordErrors(form.password, form.confirm_password, form.email.trim(), labels.rules));
    return out;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.values(found).some((v) => v && v.length)) return;
    setBusy(true);
    const result = await call(account.CreateAccount, {
      ...form,
      email: form.email.trim(),
      agree_term_of_service: true,
    });
    setBusy(false);
    if (result.ok) go(2);
    else setErrors(byField(result.errors, labels.fallback));
  };

  const titles = [labels.stepTerms, labels.stepInfo, labels.stepSent];
  return (
    <div className="stack">
      <ol className="steps" aria-label={labels.steps}>
        {titles.map((title, i) => (
          <li key={title} aria-current={i === step ? 'step' : undefined} className={i < step ? 'done' : undefined}>
            {title}
          </li>
        ))}
      </ol>
      <h2 ref={headingRef} tabIndex={-1}>
        {titles[step]}
      </h2>
      {step === 0 && (
        <>
          <p>{labels.termsIntro}</p>
          <div ref={termsRef} className="terms-scroll" tabIndex={0} role="region" aria-label={labels.stepTerms}>
            {children}
          </div>
          {!reached && <p className="field-hint">{labels.scrollHint}</p>}
          <div className="actions">
            <a className="btn btn-secondary" href={loginUrl}>
              {labels.cancel}
            </a>
            <button type="button" className="btn" disabled={!reached} onClick={() => go(1)}>
              {labels.agree}
            </button>
          </div>
        </>
      )}
      {step === 1 && (
        <form className="stack" onSubmit={submit} noValidate>
          <Field
            label={labels.lastName}
            name="last_name"
            autoComplete="family-name"
            required
            maxLength={100}
            value={form.last_name}
            errors={errors.last_name}
            onValue={set('last_name')}
          />
          <Field
            label={labels.firstName}
            name="first_name"
            autoComplete="given-name"
            required
            maxLength={100}
            value={form.first_name}
            errors={errors.first_name}
            onValue={set('first_name')}
          />
          <Field
            label={labels.email}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            value={form.email}
            errors={errors.email}
            onValue={set('email')}
          />
          <PasswordPair
            named
            labels={{ password: labels.password, confirm: labels.confirmPassword, hint: labels.passwordHint }}
            values={form}
            errors={errors}
            onValue={(k, v) => set(k)(v)}
          />
          {errors._form?.map((m) => (
            <p key={m} className="form-error" role="alert">
              {m}
            </p>
          ))}
          <div className="actions">
            <button type="button" className="btn btn-secondary" onClick={() => go(0)}>
              {labels.back}
            </button>
            <button type="submit" className="btn" disabled={busy}>
              {labels.submit}
            </button>
          </div>
        </form>
      )}
      {step === 2 && (
        <div className="stack" role="status">
          <p>{labels.sentMessage.replace('{{email}}', form.email.trim())}</p>
        </div>
      )}
    </div>
  );
}
