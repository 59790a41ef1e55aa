import { useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import type { NameOrder } from '../../i18n/languages';
import { CONFIG_LIMITS } from '../../lib/limits';
import { byNameOrder } from '../../lib/names';
import { looksLikeEmail } from '../../lib/email';
import { call } from '../lib/api';
import { account } from '../lib/client';
import { byField, type FieldErrors } from '../lib/field-errors';
import { HiddenToken } from '../lib/HiddenToken';
import { useHydrated } from '../lib/use-hydrated';
import { useScrolledToEnd } from '../lib/use-scrolled-to-end';
import { Field, FormErrors } from './Field';
import { passwordErrors, type PasswordRuleLabels } from './password-check';
import { PasswordPair } from './PasswordPair';
import { ThaiText } from '../lib/ThaiText';

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

/** The registration fields shown again after a step back or a refusal (never the passwords). */
export interface RegisterValues {
  last_name: string;
  first_name: string;
  email: string;
}

/** Where the server-rendered form stands: the step, the values kept, the server's errors. */
export interface RegisterInitial {
  step: Step;
  values: RegisterValues;
  errors: FieldErrors;
}

const text = (data: FormData, name: string) => {
  const v = data.get(name);
  return typeof v === 'string' ? v : '';
};

/**
 * Registration in three steps (spec §2): agree to the terms (after scrolling them to the end),
 * enter the information (checked here as the server checks it), then "mail sent". `children` is
 * the terms text, rendered on the server. Each step is a form that posts to the server (issue 25),
 * so it works before this island hydrates and without JavaScript (where the scroll check cannot
 * run, so I Agree is not held back); hydrated, the steps run here and the API is called. The
 * inputs are uncontrolled, so what was typed before hydration stays. The two name fields come in
 * the page language's name order.
 */
export default function RegisterWizard({
  labels,
  nameOrder,
  loginUrl,
  action,
  token,
  initial,
  children,
}: {
  labels: RegisterLabels;
  /** Which name the page's language asks for first (issue 35): 姓 before 名, First name before Last name. */
  nameOrder: NameOrder;
  loginUrl: string;
  action: string;
  token: string;
  initial: RegisterInitial;
  children?: ReactNode;
}) {
  const [step, setStep] = useState<Step>(initial.step);
  const [values, setValues] = useState<RegisterValues>(initial.values);
  const [errors, setErrors] = useState<FieldErrors>(initial.errors);
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();
  const { ref: termsRef, reached } = useScrolledToEnd<HTMLDivElement>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const infoRef = useRef<HTMLFormElement>(null);

  const go = (next: Step) => {
    setStep(next);
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  /** What the information step holds now; the names are kept for a step back. */
  const read = () => {
    const data = new FormData(infoRef.current ?? undefined);
    const kept = {
      last_name: text(data, 'last_name'),
      first_name: text(data, 'first_name'),
      email: text(data, 'email'),
    };
    setValues(kept);
    return { ...kept, password: text(data, 'password'), confirm_password: text(data, 'confirm_password') };
  };

  const validate = (form: ReturnType<typeof read>): FieldErrors => {
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

  const agree = (e: FormEvent) => {
    e.preventDefault();
    go(1);
  };

  const back = (e: MouseEvent) => {
    e.preventDefault();
    read();
    go(0);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const form = read();
    const found = validate(form);
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
            <ThaiText text={title} />
          </li>
        ))}
      </ol>
      <h2 ref={headingRef} tabIndex={-1}>
        {titles[step]}
      </h2>
      {step === 0 && (
        <form method="post" action={action} className="stack" onSubmit={agree}>
          <HiddenToken token={token} />
          <input type="hidden" name="step" value="terms" />
          <p>
            <ThaiText text={labels.termsIntro} />
          </p>
          <div ref={termsRef} className="terms-scroll" tabIndex={0} role="region" aria-label={labels.stepTerms}>
            {children}
          </div>
          {ready && !reached && (
            <p className="field-hint">
              <ThaiText text={labels.scrollHint} />
            </p>
          )}
          <FormErrors messages={errors._form} />
          <div className="actions">
            <a className="btn btn-secondary" href={loginUrl}>
              <ThaiText text={labels.cancel} />
            </a>
            <button type="submit" className="btn" disabled={ready && !reached}>
              <ThaiText text={labels.agree} />
            </button>
          </div>
        </form>
      )}
      {step === 1 && (
        <form ref={infoRef} method="post" action={action} className="stack" onSubmit={submit} noValidate>
          <HiddenToken token={token} />
          <input type="hidden" name="step" value="info" />
          <input type="hidden" name="agree_term_of_service" value="true" />
          {byNameOrder(
            nameOrder,
            <Field
              key="first_name"
              label={labels.firstName}
              name="first_name"
              autoComplete="given-name"
              required
              maxLength={100}
              defaultValue={values.first_name}
              errors={errors.first_name}
            />,
            <Field
              key="last_name"
              label={labels.lastName}
              name="last_name"
              autoComplete="family-name"
              required
              maxLength={100}
              defaultValue={values.last_name}
              errors={errors.last_name}
            />,
          )}
          <Field
            label={labels.email}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={values.email}
            errors={errors.email}
          />
          <PasswordPair
            named
            labels={{ password: labels.password, confirm: labels.confirmPassword, hint: labels.passwordHint }}
            errors={errors}
          />
          <FormErrors messages={errors._form} />
          {/* The first submit button is the one Enter presses, so "Register" comes before "Back". */}
          <div className="actions">
            <button type="submit" className="btn" disabled={busy}>
              <ThaiText text={labels.submit} />
            </button>
            <button type="submit" name="back" value="1" className="btn btn-secondary" formNoValidate onClick={back}>
              <ThaiText text={labels.back} />
            </button>
          </div>
        </form>
      )}
      {step === 2 && (
        <div className="stack" role="status">
          <p>{labels.sentMessage.replace('{{email}}', values.email.trim())}</p>
        </div>
      )}
    </div>
  );
}
