import { useRef, useState, type FormEvent } from 'react';
import { call } from '../lib/api';
import { wallet } from '../lib/client';
import { HiddenToken } from '../lib/HiddenToken';
import { Outcome } from '../lib/Outcome';
import { ThaiText } from '../lib/ThaiText';

export interface ReceiveLinkLabels {
  intro: string;
  submit: string;
  doneHeading: string;
  doneMessage: string;
  receivingHeading: string;
  receivingMessage: string;
  open: string;
  openList: string;
  failedHeading: string;
  fallback: string;
}

type State = 'ready' | 'busy' | 'received' | 'receiving' | 'failed';

/** What the server-rendered page shows: the button, or the outcome of a post. */
export interface ReceiveInitial {
  state: Exclude<State, 'busy'>;
  message: string;
}

/**
 * The Receive button of /receive/{token}. A blockchain badge is "Receiving" afterwards (it reaches
 * the badge list by the next morning), so it gets its own message and a link to the list. The
 * button posts to the page (issue 25), so it works before this island hydrates and without
 * JavaScript; hydrated, it calls the API and stays on the page.
 */
export default function ReceiveByLink({
  labels,
  token,
  formToken,
  action,
  detailUrl,
  listUrl,
  initial,
}: {
  labels: ReceiveLinkLabels;
  token: string;
  formToken: string;
  action: string;
  detailUrl: string;
  listUrl: string;
  initial: ReceiveInitial;
}) {
  const [state, setState] = useState<State>(initial.state);
  const [message, setMessage] = useState(initial.message);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const receive = async (e: FormEvent) => {
    e.preventDefault();
    setState('busy');
    const r = await call(wallet.SetReceiveBadge, { token });
    if (r.ok) setState(r.data.is_blockchain ? 'receiving' : 'received');
    else {
      setMessage(r.errors[0]?.message || labels.fallback);
      setState('failed');
    }
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  if (state === 'received' || state === 'receiving') {
    const done = state === 'received';
    return (
      <Outcome
        headingRef={headingRef}
        failed={false}
        heading={done ? labels.doneHeading : labels.receivingHeading}
        message={done ? labels.doneMessage : labels.receivingMessage}
        href={done ? detailUrl : listUrl}
        action={done ? labels.open : labels.openList}
      />
    );
  }
  if (state === 'failed')
    return (
      <Outcome
        headingRef={headingRef}
        failed
        heading={labels.failedHeading}
        message={message}
        href={listUrl}
        action={labels.openList}
      />
    );
  return (
    <form method="post" action={action} className="stack" onSubmit={(e) => void receive(e)}>
      <HiddenToken token={formToken} />
      <p>
        <ThaiText text={labels.intro} />
      </p>
      <button type="submit" className="btn" disabled={state === 'busy'}>
        <ThaiText text={labels.submit} />
      </button>
    </form>
  );
}
