import { useState } from 'react';
import { call } from '../lib/api';
import { account } from '../lib/client';
import { useHydrated } from '../lib/use-hydrated';
import { passkeysPossible } from '../lib/webauthn';
import { PasskeyButton } from './PasskeyButton';
import { ThaiText } from '../lib/ThaiText';

/**
 * "Sign in with a passkey" under the email step (issue 22): a discoverable passkey names its own
 * account, so no address is typed. Nothing is shown before hydration or in a browser without WebAuthn.
 */
export function PasskeySignIn({
  or,
  ...props
}: Omit<Parameters<typeof PasskeyButton>[0], 'options' | 'finish' | 'onError'> & { or: string }) {
  const ready = useHydrated();
  // Its own message, so a refused passkey does not mark the email field above as wrong.
  const [error, setError] = useState<string | null>(null);
  if (!ready || !passkeysPossible()) return null;
  return (
    <div className="passkey-sign-in stack">
      <p className="login-or">
        <span>
          <ThaiText text={or} />
        </span>
      </p>
      <PasskeyButton
        {...props}
        className="btn btn-secondary passkey-btn"
        onStart={() => {
          setError(null);
          props.onStart?.();
        }}
        onError={setError}
        options={() => call(account.LoginPasskey.Options, {})}
        finish={(response) => call(account.LoginPasskey, { response })}
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
