import { useState, type FormEvent } from 'react';
import { Field, FormErrors } from '../account/Field';
import { passwordErrors, type PasswordRuleLabels } from '../account/password-check';
import { apiPost } from '../lib/api';
import { byField, type FieldErrors } from '../lib/field-errors';

export interface PasswordChangeLabels {
  current: string;
  password: string;
  confirm: string;
  hint: string;
  submit: string;
  saved: string;
  fallback: string;
  rules: PasswordRuleLabels;
}

/** Password change (spec §2 /setting?menu=2): the server's rules mirrored inline, history checked there. */
export default function PasswordChange({ labels, email }: { labels: PasswordChangeLabels; email: string | null }) {
  const empty = { current_password: '', password: '', confirm_password: '' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const set = (k: keyof typeof empty) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const found: FieldErrors = {
      ...passwordErrors(form.password, form.confirm_password, email, labels.rules),
      current_password: form.current_password ? [] : [labels.rules.required],
    };
    setErrors(found);
    if (Object.values(found).some((v) => v?.length)) return;
    setBusy(true);
    const r = await apiPost('/api/v1.0/openbadge/v2/Wallet/Setting/Password/Change', form);
    setBusy(false);
    if (r.ok) {
      setForm(empty);
      setSaved(true);
      return;
    }
    // A wrong current password belongs under its own field.
    const errs = r.errors.map((x) => (x.code === 'E400105' ? { ...x, field: 'current_password' } : x));
    setErrors(
      byField(
        errs.filter((x) => x.field || x.code !== 'E400100'),
        labels.fallback,
      ),
    );
  };

  return (
    <form className="stack settings-form" onSubmit={(e) => void submit(e)} noValidate>
      <Field
        label={labels.current}
        type="password"
        autoComplete="current-password"
        value={form.current_password}
        errors={errors['current_password']}
        onValue={set('current_password')}
      />
      <Field
        label={labels.password}
        hint={labels.hint}
        type="password"
        autoComplete="new-password"
        value={form.password}
        errors={errors['password']}
        onValue={set('password')}
      />
      <Field
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        value={form.confirm_password}
        errors={errors['confirm_password']}
        onValue={set('confirm_password')}
      />
      <FormErrors messages={errors['_form']} />
      <div className="actions">
        <button type="submit" className="btn" disabled={busy}>
          {labels.submit}
        </button>
        {saved && (
          <span className="form-success" role="status">
            {labels.saved}
          </span>
        )}
      </div>
    </form>
  );
}
