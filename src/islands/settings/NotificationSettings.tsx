import { useState, type FormEvent } from 'react';
import { apiPost } from '../lib/api';

export interface NotificationLabels {
  badgeMail: string;
  badgeMailOff: string;
  infoMail: string;
  autoReceive: string;
  save: string;
  saved: string;
  fallback: string;
}

export interface NotificationValues {
  receive_badge_mail: boolean;
  receive_info_mail: boolean;
  auto_receive: boolean;
}

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
  const [state, setState] = useState<'idle' | 'busy' | 'saved' | 'failed'>('idle');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setState('busy');
    const r = await apiPost('/api/v1.0/openbadge/v2/Wallet/Setting/Notification/Set', values);
    setState(r.ok ? 'saved' : 'failed');
  };
  return (
    <form className="stack settings-form" onSubmit={(e) => void submit(e)}>
      {KEYS.map(([key, label]) => (
        <label key={key} className="check">
          <input
            type="checkbox"
            checked={values[key]}
            onChange={(e) => {
              setValues((v) => ({ ...v, [key]: e.target.checked }));
              setState('idle');
            }}
          />
          <span>{labels[label]}</span>
        </label>
      ))}
      {!values.receive_badge_mail && (
        <p className="notice" role="note">
          {labels.badgeMailOff}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn" disabled={state === 'busy'}>
          {labels.save}
        </button>
        {state === 'saved' && (
          <span className="form-success" role="status">
            {labels.saved}
          </span>
        )}
        {state === 'failed' && (
          <span className="form-error" role="alert">
            {labels.fallback}
          </span>
        )}
      </div>
    </form>
  );
}
