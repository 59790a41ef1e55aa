import { useId, useState, type FormEvent } from 'react';
import { call } from '../lib/api';
import { wallet } from '../lib/client';
import { PasskeyButton } from '../account/PasskeyButton';
import { saveAs } from '../lib/download';
import { ThaiText } from '../lib/ThaiText';

export interface TwoStepLabels {
  intro: string;
  on: string;
  off: string;
  /** "{{count}} recovery code(s) left.", both plural forms with `{{count}}` kept (the count changes here). */
  leftOne: string;
  leftOther: string;
  password: string;
  start: string;
  scan: string;
  qrAlt: string;
  secret: string;
  code: string;
  confirm: string;
  recoveryHeading: string;
  recoveryIntro: string;
  recoveryDone: string;
  /** Keeping the codes (issue 35, item 7): copy, a text file, print. */
  recoveryCopy: string;
  recoveryCopied: string;
  recoveryDownload: string;
  recoveryPrint: string;
  turnOff: string;
  turnedOff: string;
  fallback: string;
  /** Turning off with a passkey instead of the password (issue 22), and why a passkey gave no answer. */
  turnOffPasskey: string;
  passkeyCancelled: string;
  passkeyUnsupported: string;
}

type View =
  | { kind: 'status'; on: boolean; left: number }
  | { kind: 'enrol'; secret: string; qrSvg: string }
  | { kind: 'codes'; codes: string[] };

/**
 * Authenticator-app codes in settings (issue 22): set up with the password, scan the QR code,
 * confirm with a code, then the ten recovery codes shown this once; turning off needs the password.
 * Every rule is the server's; this island only shows its answers, already translated.
 */
export default function TwoStepSettings({
  labels,
  initial,
  passkeys = false,
}: {
  labels: TwoStepLabels;
  initial: { on: boolean; left: number };
  /** The account has a passkey: it may confirm turning the codes off instead of the password. */
  passkeys?: boolean;
}) {
  const [view, setView] = useState<View>({ kind: 'status', ...initial });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const errorId = useId();

  const run = async <T,>(
    send: () => Promise<{ ok: true; data: T } | { ok: false; errors: { message: string }[] }>,
    done: (data: T) => void,
  ) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    const r = await send();
    setBusy(false);
    if (r.ok) done(r.data);
    else setError(r.errors[0]?.message || labels.fallback);
  };

  const start = (e: FormEvent) => {
    e.preventDefault();
    void run(
      () => call(wallet.Setting.TwoStep.AppCodes.Start, { password }),
      (d) => {
        setPassword('');
        setView({ kind: 'enrol', secret: d.secret, qrSvg: d.qr_svg });
      },
    );
  };
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void run(
      () => call(wallet.Setting.TwoStep.AppCodes.Confirm, { code }),
      (d) => {
        setCode('');
        setView({ kind: 'codes', codes: d.recovery_codes });
      },
    );
  };
  const turnedOff = () => {
    setPassword('');
    setNotice(labels.turnedOff);
    setView({ kind: 'status', on: false, left: 0 });
  };
  const turnOff = (e: FormEvent) => {
    e.preventDefault();
    void run(() => call(wallet.Setting.TwoStep.AppCodes.Off, { password }), turnedOff);
  };

  const describedBy = error ? errorId : undefined;
  const errorLine = error && (
    <p id={errorId} className="form-error" role="alert">
      {error}
    </p>
  );
  const passwordField = (
    <label className="field">
      <span>
        <ThaiText text={labels.password} />
      </span>
      <input
        type="password"
        name="password"
        autoComplete="current-password"
        required
        maxLength={256}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-describedby={describedBy}
      />
    </label>
  );

  if (view.kind === 'enrol') {
    return (
      <form className="stack settings-form" onSubmit={confirm} noValidate>
        <p>
          <ThaiText text={labels.scan} />
        </p>
        {/* The server's QR code of the otpauth URI, shown as an image (as the certificate share dialog
            does): its markup never enters the page. */}
        <img
          className="totp-qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(view.qrSvg)}`}
          alt={labels.qrAlt}
          width="192"
          height="192"
        />
        <p>
          {labels.secret}:{' '}
          <code dir="ltr" data-testid="totp-secret">
            {view.secret}
          </code>
        </p>
        <label className="field">
          <span>
            <ThaiText text={labels.code} />
          </span>
          <input
            type="text"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={8}
            dir="ltr"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-describedby={describedBy}
          />
        </label>
        {errorLine}
        <button type="submit" className="btn" disabled={busy}>
          <ThaiText text={labels.confirm} />
        </button>
      </form>
    );
  }

  if (view.kind === 'codes') {
    // One code per line, under the heading: what is copied, saved and printed is the same text.
    const text = `${labels.recoveryHeading}\n\n${view.codes.join('\n')}\n`;
    const copy = async () => {
      await navigator.clipboard.writeText(text).catch(() => undefined);
      setNotice(labels.recoveryCopied);
    };
    return (
      <section className="stack recovery-sheet" aria-labelledby={`${errorId}-codes`}>
        <h2 id={`${errorId}-codes`}>
          <ThaiText text={labels.recoveryHeading} />
        </h2>
        <p>
          <ThaiText text={labels.recoveryIntro} />
        </p>
        <ol className="recovery-codes" dir="ltr" data-testid="recovery-codes">
          {view.codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <div className="actions recovery-keep">
          <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
            <ThaiText text={labels.recoveryCopy} />
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => saveAs(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'lanyard-recovery-codes.txt')}
          >
            <ThaiText text={labels.recoveryDownload} />
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
            <ThaiText text={labels.recoveryPrint} />
          </button>
        </div>
        {notice && (
          <p role="status" className="notice">
            <ThaiText text={notice} />
          </p>
        )}
        <button
          type="button"
          className="btn"
          onClick={() => {
            setNotice(null);
            setView({ kind: 'status', on: true, left: view.codes.length });
          }}
        >
          {labels.recoveryDone}
        </button>
      </section>
    );
  }

  return (
    <form className="stack settings-form" onSubmit={view.on ? turnOff : start} noValidate>
      <p>
        <ThaiText text={labels.intro} />
      </p>
      <p role="status">
        <strong>{view.on ? labels.on : labels.off}</strong>
        {view.on && ` ${(view.left === 1 ? labels.leftOne : labels.leftOther).replace('{{count}}', String(view.left))}`}
      </p>
      {passwordField}
      {errorLine}
      {notice && (
        <p className="form-success">
          <ThaiText text={notice} />
        </p>
      )}
      <button type="submit" className={view.on ? 'btn btn-secondary' : 'btn'} disabled={busy}>
        {view.on ? labels.turnOff : labels.start}
      </button>
      {view.on && passkeys && (
        <PasskeyButton
          label={labels.turnOffPasskey}
          labels={{
            cancelled: labels.passkeyCancelled,
            unsupported: labels.passkeyUnsupported,
            fallback: labels.fallback,
          }}
          disabled={busy}
          onStart={() => {
            setError(null);
            setNotice(null);
          }}
          options={() => call(wallet.Setting.Passkeys.Reauth.Options, {})}
          finish={(response) => call(wallet.Setting.TwoStep.AppCodes.Off, { passkey_response: response })}
          onDone={turnedOff}
          onError={setError}
        />
      )}
    </form>
  );
}
