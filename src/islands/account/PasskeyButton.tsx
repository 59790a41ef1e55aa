import { useState } from 'react';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { ApiResult } from '../lib/api';
import { useHydrated } from '../lib/use-hydrated';
import { passkeysPossible, signWithPasskey, type CeremonyFailure, type Wire } from '../lib/webauthn';
import { ThaiText } from '../lib/ThaiText';

export interface PasskeyButtonLabels {
  /** Why the browser gave no passkey answer; the server's own refusals come translated with a code. */
  cancelled: string;
  unsupported: string;
  fallback: string;
}

/**
 * A sign-in button that signs a fresh server challenge with a passkey (issue 22): `options` asks the
 * server for the challenge, the browser's dialog picks the passkey, `finish` sends the signed answer.
 * Passkeys need JavaScript, so the button exists only once its island runs (the page says so in a
 * <noscript> note); on success `onDone` is called, on failure `onError` with the message to show.
 */
export function PasskeyButton({
  label,
  labels,
  className = 'btn btn-secondary',
  disabled = false,
  options,
  finish,
  onStart,
  onDone,
  onError,
}: {
  label: string;
  labels: PasskeyButtonLabels;
  className?: string;
  disabled?: boolean;
  options: () => Promise<ApiResult<{ options: unknown }>>;
  finish: (response: Wire<AuthenticationResponseJSON>) => Promise<ApiResult<unknown>>;
  onStart?: () => void;
  onDone: () => void;
  onError: (message: string) => void;
}) {
  const ready = useHydrated();
  const [busy, setBusy] = useState(false);
  if (!ready || !passkeysPossible()) return null;
  const failure: Record<CeremonyFailure, string> = {
    cancelled: labels.cancelled,
    unsupported: labels.unsupported,
    exists: labels.fallback,
    failed: labels.fallback,
  };
  const message = (r: Extract<ApiResult<unknown>, { ok: false }>) => r.errors[0]?.message || labels.fallback;

  const go = async () => {
    setBusy(true);
    onStart?.();
    const failed = (text: string) => {
      setBusy(false);
      onError(text);
    };
    const asked = await options();
    if (!asked.ok) return failed(message(asked));
    const signed = await signWithPasskey(asked.data.options as PublicKeyCredentialRequestOptionsJSON);
    if (!signed.ok) return failed(failure[signed.reason]);
    const done = await finish(signed.response);
    if (!done.ok) return failed(message(done));
    setBusy(false);
    onDone();
  };

  return (
    <button type="button" className={className} disabled={disabled || busy} onClick={() => void go()}>
      <ThaiText text={label} />
    </button>
  );
}
