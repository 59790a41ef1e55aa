import { useState, type FormEvent } from 'react';
import { Field, FormErrors } from '../account/Field';
import { call, type Answer, type ApiResult } from '../lib/api';
import { wallet } from '../lib/client';
import type { FieldErrors } from '../lib/field-errors';
import { useSubmit } from '../lib/use-submit';
import { SubmitButton, UntilReady } from '../lib/UntilReady';
import { confirmAction } from '../stores/dialogs';
import { looksLikeEmail } from '../../lib/email';
import {
  asksPortalSignIn,
  PORTAL_CONFIRMED,
  OwnPassword,
  PortalReauth,
  type PortalConfirmLabels,
} from './PortalConfirm';
import { ThaiText } from '../lib/ThaiText';

const emails = wallet.Setting.Email;

/** One address as Setting/Email/List answers it. */
export type EmailRowData = Answer<typeof emails.List>['emails'][number];

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
  /** "Loading…": the add button's label until the island is ready. */
  loading: string;
  saved: string;
  fallback: string;
}

/**
 * The account's addresses (spec §2 /setting?menu=1): list with primary and verified marks, add with
 * the current password, verify with the mailed six-digit code (or resend it), make primary, and
 * delete after a confirmation that says the badges issued to the address go with it.
 */
export default function EmailSettings({
  labels,
  initial,
  portal = null,
}: {
  labels: EmailLabels;
  initial: EmailRowData[];
  /** A portal user (type 1): a recent portal sign-in confirms instead of the password they do not have. */
  portal?: PortalConfirmLabels | null;
}) {
  const [rows, setRows] = useState(initial);
  const secret = portal ? PORTAL_CONFIRMED : '';
  const [add, setAdd] = useState({ email: '', password: secret });
  const [reauth, setReauth] = useState(false);
  const [codes, setCodes] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<{ email: string; password: string } | null>(null);
  const { busy, errors, notice, setErrors, submit } = useSubmit(labels.fallback);

  const refresh = async () => {
    const r = await call(emails.List, {});
    if (r.ok) setRows(r.data.emails);
  };
  /** One call for a row (`scope`: its address) or the add form; the list again when it succeeded. */
  const run = async (request: () => Promise<ApiResult<unknown>>, done: string, scope: string) => {
    const asked = async () => {
      const r = await request();
      setReauth(asksPortalSignIn(r));
      return r;
    };
    if (!(await submit(asked, { done, scope }))) return false;
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
    if (await run(() => call(emails.Add, add), labels.codeSent.replace('{{email}}', add.email.trim()), 'add'))
      setAdd({ email: '', password: secret });
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
    if (sure && (await run(() => call(emails.Delete, removing), labels.saved, removing.email))) setRemoving(null);
  };

  return (
    <UntilReady>
      <section className="stack" aria-labelledby="emails-heading">
        <h2 id="emails-heading">
          <ThaiText text={labels.heading} />
        </h2>
        {notice && (
          <p className="form-success" role="status">
            <ThaiText text={notice} />
          </p>
        )}
        {portal && reauth && <PortalReauth labels={portal} />}
        <ul className="email-list">
          {rows.map((r) => (
            <li key={r.email} className="email-row stack">
              <div className="email-head">
                <span className="email-address">{r.email}</span>
                {r.primary_yn === 'Y' && (
                  <span className="mark">
                    <ThaiText text={labels.primary} />
                  </span>
                )}
                <span className={r.verified ? 'mark mark-success' : 'mark mark-muted'}>
                  {r.verified ? labels.verified : labels.pending}
                </span>
                {r.signed_in && (
                  <span className="mark mark-muted">
                    <ThaiText text={labels.signedIn} />
                  </span>
                )}
              </div>
              {!r.verified && (
                <form
                  className="inline-form"
                  onSubmit={(e) => {
                    e.preventDefault();
                    const body = { email: r.email, code: codes[r.email] ?? '' };
                    void run(() => call(emails.Verify, body), labels.saved, r.email);
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
                    <ThaiText text={labels.verify} />
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={busy}
                    onClick={() =>
                      void run(
                        () => call(emails.ResendCode, { email: r.email }),
                        labels.codeSent.replace('{{email}}', r.email),
                        r.email,
                      )
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
                    onClick={() => void run(() => call(emails.SetPrimary, { email: r.email }), labels.saved, r.email)}
                  >
                    <ThaiText text={labels.makePrimary} />
                  </button>
                )}
                {!r.signed_in && removing?.email !== r.email && (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => setRemoving({ email: r.email, password: secret })}
                  >
                    <ThaiText text={labels.remove} />
                  </button>
                )}
              </div>
              {removing?.email === r.email && (
                <form className="inline-form" onSubmit={(e) => void remove(e)}>
                  {!portal && (
                    <Field
                      label={labels.password}
                      type="password"
                      autoComplete="current-password"
                      value={removing.password}
                      onValue={(v) => setRemoving({ email: r.email, password: v })}
                    />
                  )}
                  <button type="submit" className="btn btn-danger" disabled={busy}>
                    <ThaiText text={labels.remove} />
                  </button>
                  <button type="button" className="btn btn-secondary" onClick={() => setRemoving(null)}>
                    <ThaiText text={labels.cancel} />
                  </button>
                </form>
              )}
              <FormErrors messages={errors[r.email]} />
            </li>
          ))}
        </ul>
        <form className="stack settings-form" onSubmit={(e) => void submitAdd(e)} noValidate>
          <h3>
            <ThaiText text={labels.add} />
          </h3>
          <Field
            label={labels.email}
            type="email"
            autoComplete="email"
            maxLength={254}
            value={add.email}
            errors={errors['email']}
            onValue={(v) => setAdd((a) => ({ ...a, email: v }))}
          />
          <OwnPassword
            portal={portal}
            label={labels.password}
            value={add.password}
            errors={errors['password']}
            onValue={(v) => setAdd((a) => ({ ...a, password: v }))}
          />
          <FormErrors messages={errors['add']} />
          <div className="actions">
            <SubmitButton label={labels.add} loading={labels.loading} busy={busy} />
          </div>
        </form>
      </section>
    </UntilReady>
  );
}
