import { useState, type FormEvent } from 'react';
import { Field } from '../account/Field';
import { call, type Answer } from '../lib/api';
import { wallet } from '../lib/client';
import { useSubmit } from '../lib/use-submit';
import { SubmitButton, UntilReady } from '../lib/UntilReady';
import { confirmAction } from '../stores/dialogs';
import {
  asksPortalSignIn,
  PORTAL_CONFIRMED,
  OwnPassword,
  PortalReauth,
  type PortalConfirmLabels,
} from './PortalConfirm';
import { ThaiText } from '../lib/ThaiText';

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
  /** "Loading…": the submit buttons' label until the island is ready. */
  loading: string;
  fallback: string;
}

const merge = wallet.Setting.Merge;

/** What would move, as Prove answers it. */
type Preview = Answer<typeof merge.Prove>;

const fill = (s: string, v: Record<string, number | string>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(v[k] ?? 0));

/**
 * Account integration (spec §4): prove the other wallet account (its password, or a code mailed to
 * it), see what will move, confirm with this account's password.
 */
export default function MergeAccount({
  labels,
  portal = null,
}: {
  labels: MergeLabels;
  /** A portal user (type 1): a recent portal sign-in confirms instead of this account's password. */
  portal?: PortalConfirmLabels | null;
}) {
  const [reauth, setReauth] = useState(false);
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [form, setForm] = useState({ email: '', password: '', code: '', own: '' });
  const [preview, setPreview] = useState<Preview | null>(null);
  const { busy, errors, notice, check, submit } = useSubmit(labels.fallback);
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  // One line of feedback: every message of a failure, or the notice of a success.
  const failure = Object.values(errors).flat().join(' ');
  /** Clears the last line of feedback; false (and "required" shown) when a value is missing. */
  const given = (...values: string[]) => check(values.every(Boolean) ? {} : { _form: [labels.required] });

  const prove = async (e: FormEvent) => {
    e.preventDefault();
    const secret = mode === 'password' ? form.password : form.code;
    if (!given(form.email, secret)) return;
    const body =
      mode === 'password' ? { email: form.email, password: form.password } : { email: form.email, code: form.code };
    const found = await submit(() => call(merge.Prove, body));
    if (found) setPreview(found);
  };

  const sendCode = async () => {
    if (given(form.email)) await submit(() => call(merge.SendCode, { email: form.email }), { done: labels.codeSent });
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!preview) return;
    if (!portal && !given(form.own)) return;
    const sure = await confirmAction({
      title: labels.confirmTitle,
      text: labels.confirmText,
      closeButton: { visible: true, text: labels.cancel },
      actionButton: { visible: true, text: labels.confirm, color: 'primary' },
    });
    if (!sure) return;
    const password = portal ? PORTAL_CONFIRMED : form.own;
    const done = await submit(
      async () => {
        const r = await call(merge.Confirm, { merge_id: preview.merge_id, password });
        setReauth(asksPortalSignIn(r));
        return r;
      },
      { done: labels.done },
    );
    if (done) {
      setPreview(null);
      setForm({ email: '', password: '', code: '', own: '' });
    }
  };

  return (
    <UntilReady>
      <section className="stack" aria-labelledby="merge-heading">
        <h2 id="merge-heading">
          <ThaiText text={labels.heading} />
        </h2>
        <p>
          <ThaiText text={labels.intro} />
        </p>
        {(failure || notice) && (
          <p className={failure ? 'form-error' : 'form-success'} role={failure ? 'alert' : 'status'}>
            {failure || notice}
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
                  <ThaiText text={labels.sendCode} />
                </button>
                <Field label={labels.code} inputMode="numeric" maxLength={6} value={form.code} onValue={set('code')} />
              </div>
            )}
            <div className="actions">
              <SubmitButton label={labels.prove} loading={labels.loading} busy={busy} />
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
            <OwnPassword portal={portal} label={labels.ownPassword} value={form.own} onValue={set('own')} />
            {portal && reauth && <PortalReauth labels={portal} />}
            <div className="actions">
              <SubmitButton label={labels.confirm} loading={labels.loading} busy={busy} />
              <button type="button" className="btn btn-secondary" onClick={() => setPreview(null)}>
                <ThaiText text={labels.cancel} />
              </button>
            </div>
          </form>
        )}
      </section>
    </UntilReady>
  );
}
