import { useRef, useState } from 'react';
import { call } from '../lib/api';
import { wallet } from '../lib/client';
import { Outcome } from '../lib/Outcome';

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

/**
 * The Receive button of /receive/{token}. A blockchain badge is "Receiving" afterwards (it reaches
 * the badge list by the next morning), so it gets its own message and a link to the list.
 */
export default function ReceiveByLink({
  labels,
  token,
  detailUrl,
  listUrl,
}: {
  labels: ReceiveLinkLabels;
  token: string;
  detailUrl: string;
  listUrl: string;
}) {
  const [state, setState] = useState<State>('ready');
  const [message, setMessage] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  const receive = async () => {
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
    <div className="stack">
      <p>{labels.intro}</p>
      <button type="button" className="btn" disabled={state === 'busy'} onClick={() => void receive()}>
        {labels.submit}
      </button>
    </div>
  );
}
