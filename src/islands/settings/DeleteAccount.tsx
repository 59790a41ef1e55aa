import { useState, type FormEvent } from 'react';
import { FormErrors } from '../account/Field';
import { call } from '../lib/api';
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

export interface DeleteAccountLabels {
  reason: string;
  /** Spec §3's five reasons, in order 1-5. */
  reasons: string[];
  password: string;
  submit: string;
  /** "Loading…": the submit button's label until the island is ready. */
  loading: string;
  confirmTitle: string;
  confirmText: string;
  cancel: string;
  required: string;
  fallback: string;
}

/** Account deletion (spec §2, §4): a reason, the password, and a confirmation that says what it means. */
export default function DeleteAccount({
  labels,
  doneUrl,
  portal = null,
}: {
  labels: DeleteAccountLabels;
  doneUrl: string;
  /** A portal user (type 1): a recent portal sign-in confirms instead of the password they do not have. */
  portal?: PortalConfirmLabels | null;
}) {
  const [reason, setReason] = useState<number | null>(null);
  const [password, setPassword] = useState(portal ? PORTAL_CONFIRMED : '');
  const [reauth, setReauth] = useState(false);
  const { busy, errors, check, submit } = useSubmit(labels.fallback);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const valid = check({ reason: reason ? [] : [labels.required], password: password ? [] : [labels.required] });
    if (!valid || !reason) return;
    const sure = await confirmAction({
      title: labels.confirmTitle,
      text: labels.confirmText,
      closeButton: { visible: true, text: labels.cancel },
      actionButton: { visible: true, text: labels.submit, color: 'danger' },
    });
    if (!sure) return;
    const done = await submit(
      async () => {
        const r = await call(wallet.Setting.Account.Delete, { reason, password });
        setReauth(asksPortalSignIn(r));
        return r;
      },
      { fields: { E400105: 'password' } },
    );
    if (done) window.location.assign(doneUrl);
  };

  return (
    <UntilReady>
      <form className="stack settings-form" onSubmit={(e) => void send(e)} noValidate>
        <fieldset className="stack">
          <legend>
            <ThaiText text={labels.reason} />
          </legend>
          {labels.reasons.map((text, i) => (
            <label key={text} className="check">
              <input type="radio" name="reason" checked={reason === i + 1} onChange={() => setReason(i + 1)} />
              <span>
                <ThaiText text={text} />
              </span>
            </label>
          ))}
          {errors['reason']?.length ? (
            <p className="form-error" role="alert">
              {errors['reason'][0]}
            </p>
          ) : null}
        </fieldset>
        <OwnPassword
          portal={portal}
          label={labels.password}
          value={password}
          errors={errors['password']}
          onValue={setPassword}
        />
        <FormErrors messages={errors['_form']} />
        {portal && reauth && <PortalReauth labels={portal} />}
        <div className="actions">
          <SubmitButton className="btn btn-danger" label={labels.submit} loading={labels.loading} busy={busy} />
        </div>
      </form>
    </UntilReady>
  );
}
