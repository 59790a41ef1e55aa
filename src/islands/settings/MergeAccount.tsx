import { useState, type FormEvent } from 'react';
import { Field } from '../account/Field';
import { apiPost } from '../lib/api';
import { confirmAction } from '../stores/dialogs';

export interface MergeLabels {
  heading: string;
  intro: string;
  email: string;
  otherPassword: string;
  useCode: string;
  usePassword: string;
  sendCode: string;
  codeSent: string;
  code: string;
  prove: string;
  /** Contains {{badges}}, {{imports}}, {{emails}}, {{certificates}}, {{notifications}}. */
  preview: string;
  ownPassword: string;
  confirm: string;
  confirmTitle: string;
  confirmText: string;
  cancel: string;
  done: string;
  required: string;
  fallback: string;
}

interface Preview {
  merge_id: string;
  badges: number;
  imports: number;
  emails: number;
  certificates: number;
  notifications: number;
}

const API = '/api/v1.0/openbadge/v2/Wallet/Setting/Merge';
const fill = (s: string, v: Record<string, number | string>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(v[k] ?? 0));

/**
 * Account integration (spec §4): prove the other wallet account (its password, or a code mailed to
 * it), see what will move, confirm with this account's password.
 */
export default function MergeAccount({ labels }: { labels: MergeLabels }) {
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [form, setForm] = useState({ email: '', password: '', code: '', own: '' });
  const [preview, setPreview] = useState<Preview | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const call = async <T,>(name: string, body: object) => {
    setBusy(true);
    const r = await apiPost<T>(`${API}/${name}`, body);
    setBusy(false);
    if (!r.ok) setMessage({ ok: false, text: r.errors.map((e) => e.message).join(' ') || labels.fallback });
    return r;
  };

  const prove = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const secret = mode === 'password' ? form.password : form.code;
    if (!form.email || !secret) return setMessage({ ok: false, text: labels.required });
    const body =
      mode === 'password' ? { email: form.email, password: form.password } : { email: form.email, code: form.code };
    const r = await call<Preview>('Prove', body);
    if (r.ok) setPreview(r.data);
  };

  const sendCode = async () => {
    if (!form.email) return setMessage({ ok: false, text: labels.required });
    const r = await call('SendCode', { email: form.email });
    if (r.ok) setMessage({ ok: true, text: labels.codeSent });
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!preview) return;
    if (!form.own) return setMessage({ ok: false, text: labels.required });
    const sure = await confirmAction({
      title: labels.confirmTitle,
      text: labels.confirmText,
      closeButton: { visible: true, text: labels.cancel },
      actionButton: { visible: true, text: labels.confirm, color: 'primary' },
    });
    if (!sure) return;
    const r = await call('Confirm', { merge_id: preview.merge_id, password: form.own });
    if (r.ok) {
      setPreview(null);
      setForm({ email: '', password: '', code: '', own: '' });
      setMessage({ ok: true, text: labels.done });
    }
  };

  return (
    <section className="stack" aria-labelledby="merge-heading">
      <h2 id="merge-heading">{labels.heading}</h2>
      <p>{labels.intro}</p>
      {message && (
        <p className={message.ok ? 'form-success' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      {!preview ? (
        <form className="stack settings-form" onSubmit={(e) => void prove(e)} noValidate>
          <Field label={labels.email} type="email" autoComplete="off" value={form.email} onValue={set('email')} />
          {mode === 'password' ? (
            <Field
              label={labels.otherPassword}
              type="password"
              autoComplete="off"
              value={form.password}
              onValue={set('password')}
            />
          ) : (
            <div className="inline-form">
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void sendCode()}>
                {labels.sendCode}
              </button>
              <Field label={labels.code} inputMode="numeric" maxLength={6} value={form.code} onValue={set('code')} />
            </div>
          )}
          <div className="actions">
            <button type="submit" className="btn" disabled={busy}>
              {labels.prove}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setMode(mode === 'password' ? 'code' : 'password')}
            >
              {mode === 'password' ? labels.useCode : labels.usePassword}
            </button>
          </div>
        </form>
      ) : (
        <form className="stack settings-form" onSubmit={(e) => void confirm(e)} noValidate>
          <p role="status">{fill(labels.preview, { ...preview })}</p>
          <Field
            label={labels.ownPassword}
            type="password"
            autoComplete="current-password"
            value={form.own}
            onValue={set('own')}
          />
          <div className="actions">
            <button type="submit" className="btn" disabled={busy}>
              {labels.confirm}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setPreview(null)}>
              {labels.cancel}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
