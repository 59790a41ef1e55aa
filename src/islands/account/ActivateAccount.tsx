import { useRef, useState, type FormEvent } from 'react';
import { call } from '../lib/api';
import { account } from '../lib/client';
import { HiddenToken } from '../lib/HiddenToken';
import { Outcome } from '../lib/Outcome';
import { ThaiText } from '../lib/ThaiText';

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

/** What the server-rendered page shows: the button, or the outcome of a post (its code and message). */
export interface ActivateInitial {
  state: 'ready' | 'done' | 'failed';
  error: { code: string; message: string } | null;
}

/**
 * /activation/{token}: the person presses the button to finish, so a mail scanner that opens the
 * link (a GET) cannot activate the account in their place. Errors per spec §4: already created,
 * expired, no target. The button posts to the page (issue 25), so it works before this island
 * hydrates and without JavaScript; hydrated, it calls the API and stays on the page.
 */
export default function ActivateAccount({
  labels,
  token,
  formToken,
  action,
  loginUrl,
  createUrl,
  initial,
}: {
  labels: ActivateLabels;
  token: string;
  formToken: string;
  action: string;
  loginUrl: string;
  createUrl: string;
  initial: ActivateInitial;
}) {
  const [state, setState] = useState<ActivateInitial['state'] | 'busy'>(initial.state);
  const [error, setError] = useState(initial.error);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const activate = async (e: FormEvent) => {
    e.preventDefault();
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
    <form method="post" action={action} className="stack" onSubmit={(e) => void activate(e)}>
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
