import { useState, type FormEvent } from 'react';
import { call, type Answer } from '../lib/api';
import { wallet } from '../lib/client';
import { useSubmit } from '../lib/use-submit';
import { SubmitButton, UntilReady } from '../lib/UntilReady';
import { ThaiText } from '../lib/ThaiText';

export interface NotificationLabels {
  badgeMail: string;
  badgeMailOff: string;
  infoMail: string;
  autoReceive: string;
  save: string;
  /** "Loading…": the save button's label until the island is ready. */
  loading: string;
  saved: string;
  fallback: string;
}

/** The three settings, as Setting/Notification/Get answers them. */
export type NotificationValues = Answer<typeof wallet.Setting.Notification.Get>;

const KEYS = [
  ['receive_badge_mail', 'badgeMail'],
  ['receive_info_mail', 'infoMail'],
  ['auto_receive', 'autoReceive'],
] as const;

/** Notification settings (spec §2 /setting?menu=3): badge mails, info mails, automatic receipt. */
export default function NotificationSettings({
  labels,
  initial,
}: {
  labels: NotificationLabels;
  initial: NotificationValues;
}) {
  const [values, setValues] = useState(initial);
  const { busy, errors, notice, check, submit } = useSubmit(labels.fallback);
  // This form names no field: any failure reads as the one general message.
  const failed = Object.keys(errors).length > 0;
  const send = async (e: FormEvent) => {
    e.preventDefault();
    await submit(() => call(wallet.Setting.Notification.Set, values), { done: labels.saved });
  };
  return (
    <UntilReady>
      <form className="stack settings-form" onSubmit={(e) => void send(e)}>
        {KEYS.map(([key, label]) => (
          <label key={key} className="check">
            <input
              type="checkbox"
              checked={values[key]}
              onChange={(e) => {
                setValues((v) => ({ ...v, [key]: e.target.checked }));
                check({}); // a change clears the last outcome
              }}
            />
            <span>{labels[label]}</span>
          </label>
        ))}
        {!values.receive_badge_mail && (
          <p className="notice" role="note">
            <ThaiText text={labels.badgeMailOff} />
          </p>
        )}
        <div className="actions">
          <SubmitButton label={labels.save} loading={labels.loading} busy={busy} />
          {notice && (
            <span className="form-success" role="status">
              <ThaiText text={notice} />
            </span>
          )}
          {failed && (
            <span className="form-error" role="alert">
              <ThaiText text={labels.fallback} />
            </span>
          )}
        </div>
      </form>
    </UntilReady>
  );
}
