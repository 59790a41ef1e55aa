import { useRef, useState } from 'react';
import { call } from '../lib/api';
import { account } from '../lib/client';
import { Outcome } from '../lib/Outcome';

export interface ActivateLabels {
  intro: string;
  submit: string;
  doneHeading: string;
  doneMessage: string;
  failedHeading: string;
  login: string;
  createAccount: string;
  fallback: string;
}

/**
 * /activation/{token}: the person presses the button to finish, so a mail scanner that opens the
 * link (a GET) cannot activate the account in their place. Errors per spec §4: already created,
 * expired, no target.
 */
export default function ActivateAccount({
  labels,
  token,
  loginUrl,
  createUrl,
}: {
  labels: ActivateLabels;
  token: string;
  loginUrl: string;
  createUrl: string;
}) {
  const [state, setState] = useState<'ready' | 'busy' | 'done' | 'failed'>('ready');
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const activate = async () => {
    setState('busy');
    const result = await call(account.ActivateAccount, { token });
    if (result.ok) setState('done');
    else {
      const first = result.errors[0];
      setError({ code: first?.code ?? '', message: first?.message || labels.fallback });
      setState('failed');
    }
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  if (state === 'done' || (state === 'failed' && error?.code === 'E409101'))
    return (
      <Outcome
        headingRef={headingRef}
        failed={false}
        heading={state === 'done' ? labels.doneHeading : labels.failedHeading}
        message={state === 'done' ? labels.doneMessage : (error?.message ?? '')}
        href={loginUrl}
        action={labels.login}
      />
    );
  if (state === 'failed')
    return (
      <Outcome
        headingRef={headingRef}
        failed
        heading={labels.failedHeading}
        message={error?.message ?? ''}
        href={createUrl}
        action={labels.createAccount}
      />
    );
  return (
    <div className="stack">
      <p>{labels.intro}</p>
      <button type="button" className="btn" disabled={state === 'busy'} onClick={() => void activate()}>
        {labels.submit}
      </button>
    </div>
  );
}
