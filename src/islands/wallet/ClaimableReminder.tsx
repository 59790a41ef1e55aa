import { useState } from 'react';
import { call, handleFailure, type ApiLabels } from '../lib/api';
import { wallet } from '../lib/client';

/** The "badges waiting to be received" reminder; it can be hidden for one day (spec §9). */
export default function ClaimableReminder({
  href,
  text,
  labels,
}: {
  href: string;
  text: string;
  labels: ApiLabels & { hide: string };
}) {
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  const hide = async () => {
    const r = await call(wallet.SetClaimableReminderHidden, {});
    if (r.ok) setShown(false);
    else handleFailure(r, labels);
  };
  return (
    <p className="notice reminder">
      <a href={href}>{text}</a>
      <button type="button" className="link-btn" onClick={() => void hide()}>
        {labels.hide}
      </button>
    </p>
  );
}
