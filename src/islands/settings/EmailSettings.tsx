import { useState, type FormEvent } from 'react';
import { Field, FormErrors } from '../account/Field';
import { apiPost } from '../lib/api';
import { byField, type FieldErrors } from '../lib/field-errors';
import { confirmAction } from '../stores/dialogs';
import { looksLikeEmail } from '../../lib/email';

export interface EmailRowData {
  email: string;
  primary_yn: 'Y' | 'N';
  verified: boolean;
  signed_in: boolean;
}

export interface EmailLabels {
  heading: string;
  primary: string;
  verified: string;
  pending: string;
  signedIn: string;
  add: string;
  email: string;
  password: string;
  code: string;
  codeSent: string;
  verify: string;
  resend: string;
  makePrimary: string;
  remove: string;
  removeTitle: string;
  /** Contains {{email}}. */
  removeText: string;
  removeAction: string;
  cancel: string;
  invalidEmail: string;
  required: string;
  saved: string;
  fallback: string;
}

const API = '/api/v1.0/openbadge/v2/Wallet/Setting/Email';

/**
 * The account's addresses (spec §2 /setting?menu=1): list with primary and verified marks, add with
 * the current password, verify with the mailed six-digit code (or resend it), make primary, and
 * delete after a confirmation that says the badges issued to the address go with it.
 */
export default function EmailSettings({ labels, initial }: { labels: EmailLabels; initial: EmailRowData[] }) {
  const [rows, setRows] = useState(initial);
  const [add, setAdd] = useState({ email: '', password: '' });
  const [codes, setCodes] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<{ email: string; password: string } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = async () => {
    const r = await apiPost<{ emails: EmailRowData[] }>(`${API}/List`);
    if (r.ok) setRows(r.data.emails);
  };
  const run = async (call: string, body: object, done: string, scope = '_form') => {
    setBusy(true);
    setStatus(null);
    const r = await apiPost(`${API}/${call}`, body);
    setBusy(false);
    if (!r.ok) {
      setErrors({ [scope]: byField(r.errors, labels.fallback)['_form'] ?? [labels.fallback] });
      return false;
    }
    setErrors({});
    setStatus(done);
    await refresh();
    return true;
  };

  const submitAdd = async (e: FormEvent) => {
    e.preventDefault();
    const found: FieldErrors = {
      email: !add.email ? [labels.required] : looksLikeEmail(add.email) ? [] : [labels.invalidEmail],
      password: add.password ? [] : [labels.required],
    };
    setErrors(found);
    if (found['email']?.length || found['password']?.length) return;
    if (await run('Add', add, labels.codeSent.replace('{{email}}', add.email.trim()), 'add'))
      setAdd({ email: '', password: '' });
  };

  const remove = async (e: FormEvent) => {
    e.preventDefault();
    if (!removing) return;
    if (!removing.password) return setErrors({ [removing.email]: [labels.required] });
    const sure = await confirmAction({
      title: labels.removeTitle,
      text: labels.removeText.replace('{{email}}', removing.email),
      closeButton: { visible: true, text: labels.cancel },
      actionButton: { visible: true, text: labels.removeAction, color: 'danger' },
    });
    if (sure && (await run('Delete', removing, labels.saved, removing.email))) setRemoving(null);
  };

  return (
    <section className="stack" aria-labelledby="emails-heading">
      <h2 id="emails-heading">{labels.heading}</h2>
      {status && (
        <p className="form-success" role="status">
          {status}
        </p>
      )}
      <ul className="email-list">
        {rows.map((r) => (
          <li key={r.email} className="email-row stack">
            <div className="email-head">
              <span className="email-address">{r.email}</span>
              {r.primary_yn === 'Y' && <span className="mark">{labels.primary}</span>}
              <span className={r.verified ? 'mark mark-success' : 'mark mark-muted'}>
                {r.verified ? labels.verified : labels.pending}
              </span>
              {r.signed_in && <span className="mark mark-muted">{labels.signedIn}</span>}
            </div>
            {!r.verified && (
              <form
                className="inline-form"
                onSubmit={(e) => {
                  e.preventDefault();
                  void run('Verify', { email: r.email, code: codes[r.email] ?? '' }, labels.saved, r.email);
                }}
              >
                <Field
                  label={labels.code}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="\d{6}"
                  maxLength={6}
                  value={codes[r.email] ?? ''}
                  onValue={(v) => setCodes((c) => ({ ...c, [r.email]: v.replace(/\D/g, '') }))}
                />
                <button type="submit" className="btn" disabled={busy}>
                  {labels.verify}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={busy}
                  onClick={() =>
                    void run('ResendCode', { email: r.email }, labels.codeSent.replace('{{email}}', r.email), r.email)
                  }
                >
                  {labels.resend}
                </button>
              </form>
            )}
            <div className="actions">
              {r.verified && r.primary_yn === 'N' && (
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={busy}
                  onClick={() => void run('SetPrimary', { email: r.email }, labels.saved, r.email)}
                >
                  {labels.makePrimary}
                </button>
              )}
              {!r.signed_in && removing?.email !== r.email && (
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => setRemoving({ email: r.email, password: '' })}
                >
                  {labels.remove}
                </button>
              )}
            </div>
            {removing?.email === r.email && (
              <form className="inline-form" onSubmit={(e) => void remove(e)}>
                <Field
                  label={labels.password}
                  type="password"
                  autoComplete="current-password"
                  value={removing.password}
                  onValue={(v) => setRemoving({ email: r.email, password: v })}
                />
                <button type="submit" className="btn btn-danger" disabled={busy}>
                  {labels.remove}
                </button>
                <button type="button" className="btn btn-secondary" onClick={() => setRemoving(null)}>
                  {labels.cancel}
                </button>
              </form>
            )}
            <FormErrors messages={errors[r.email]} />
          </li>
        ))}
      </ul>
      <form className="stack settings-form" onSubmit={(e) => void submitAdd(e)} noValidate>
        <h3>{labels.add}</h3>
        <Field
          label={labels.email}
          type="email"
          autoComplete="email"
          maxLength={254}
          value={add.email}
          errors={errors['email']}
          onValue={(v) => setAdd((a) => ({ ...a, email: v }))}
        />
        <Field
          label={labels.password}
          type="password"
          autoComplete="current-password"
          value={add.password}
          errors={errors['password']}
          onValue={(v) => setAdd((a) => ({ ...a, password: v }))}
        />
        <FormErrors messages={errors['add']} />
        <div className="actions">
          <button type="submit" className="btn" disabled={busy}>
            {labels.add}
          </button>
        </div>
      </form>
    </section>
  );
}
