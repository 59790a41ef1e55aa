import { useState, type FormEvent } from 'react';
import { HiddenToken } from '../lib/HiddenToken';
import { call, handleFailure, type ApiLabels } from '../lib/api';
import { wallet } from '../lib/client';
import { ThaiText } from '../lib/ThaiText';

/**
 * The "badges waiting to be received" reminder; it can be hidden for one day (spec §9). "Hide" is a
 * form posting to the list (src/server/forms/reminder-form.ts), so a click before this island
 * hydrates, or without JavaScript, is taken (issue 35, item 1); hydrated, it calls the API.
 */
export default function ClaimableReminder({
  href,
  text,
  action,
  formToken,
  labels,
}: {
  href: string;
  text: string;
  /** The list's address, where the form posts. */
  action: string;
  formToken: string;
  labels: ApiLabels & { hide: string };
}) {
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  const hide = async (e: FormEvent) => {
    e.preventDefault();
    const r = await call(wallet.SetClaimableReminderHidden, {});
    if (r.ok) setShown(false);
    else handleFailure(r, labels);
  };
  return (
    <div className="notice reminder">
      <a href={href}>
        <ThaiText text={text} />
      </a>
      <form method="post" action={action} onSubmit={(e) => void hide(e)}>
        <HiddenToken token={formToken} />
        <button type="submit" className="link-btn">
          <ThaiText text={labels.hide} />
        </button>
      </form>
    </div>
  );
}
