import { useState, type FormEvent } from 'react';
import { Field, FormErrors } from '../account/Field';
import { passwordErrors, type PasswordRuleLabels } from '../account/password-check';
import { PasswordPair } from '../account/PasswordPair';
import { call } from '../lib/api';
import { wallet } from '../lib/client';
import { useSubmit } from '../lib/use-submit';
import { SubmitButton, UntilReady } from '../lib/UntilReady';
import { ThaiText } from '../lib/ThaiText';

export interface PasswordChangeLabels {
  current: string;
  password: string;
  confirm: string;
  hint: string;
  submit: string;
  /** "Loading…": the submit button's label until the island is ready. */
  loading: string;
  saved: string;
  fallback: string;
  rules: PasswordRuleLabels;
}

/** Password change (spec §2 /setting?menu=2): the server's rules mirrored inline, history checked there. */
export default function PasswordChange({ labels, email }: { labels: PasswordChangeLabels; email: string | null }) {
  const empty = { current_password: '', password: '', confirm_password: '' };
  const [form, setForm] = useState(empty);
  const { busy, errors, notice, check, submit } = useSubmit(labels.fallback);
  const set = (k: keyof typeof empty) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const valid = check({
      ...passwordErrors(form.password, form.confirm_password, email, labels.rules),
      current_password: form.current_password ? [] : [labels.rules.required],
    });
    if (!valid) return;
    // A wrong current password belongs under its own field; a validation head adds nothing to its fields.
    const done = await submit(() => call(wallet.Setting.Password.Change, form), {
      done: labels.saved,
      fields: { E400105: 'current_password' },
      quiet: ['E400100'],
    });
    if (done) setForm(empty);
  };

  return (
    <UntilReady>
      <form className="stack settings-form" onSubmit={(e) => void send(e)} noValidate>
        <Field
          label={labels.current}
          type="password"
          autoComplete="current-password"
          value={form.current_password}
          errors={errors['current_password']}
          onValue={set('current_password')}
        />
        <PasswordPair
          labels={{ password: labels.password, confirm: labels.confirm, hint: labels.hint }}
          values={form}
          errors={errors}
          onValue={(k, v) => set(k)(v)}
        />
        <FormErrors messages={errors['_form']} />
        <div className="actions">
          <SubmitButton label={labels.submit} loading={labels.loading} busy={busy} />
          {notice && (
            <span className="form-success" role="status">
              <ThaiText text={notice} />
            </span>
          )}
        </div>
      </form>
    </UntilReady>
  );
}
