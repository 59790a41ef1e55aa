import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { call, handleFailure, type ApiLabels } from '../lib/api';
import { wallet } from '../lib/client';
import { useScrolledToEnd } from '../lib/use-scrolled-to-end';

export interface TermsModalLabels extends ApiLabels {
  heading: string;
  intro: string;
  scrollHint: string;
  agree: string;
  disagree: string;
}

/**
 * The terms modal of spec §2, opened at header load while the account has not agreed (or agreed to
 * an older version: then `intro` is the revision notice). It is persistent: Escape does nothing and
 * there is no close button. "I Agree" waits until the 250 px area was scrolled to the end;
 * "Disagree" goes to the rejection page. `children` is the terms text, rendered on the server.
 */
export default function TermsModal({
  labels,
  rejectUrl,
  children,
}: {
  labels: TermsModalLabels;
  rejectUrl: string;
  children?: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { ref: scrollRef, reached } = useScrolledToEnd<HTMLDivElement>();
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const hintId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    scrollRef.current?.focus();
  }, [scrollRef]);

  const agree = async () => {
    setBusy(true);
    const result = await call(wallet.SetTermOfService, { agree_term_of_service: true });
    setBusy(false);
    if (result.ok) dialogRef.current?.close();
    else handleFailure(result, labels);
  };

  return (
    <dialog
      ref={dialogRef}
      className="dialog terms-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => e.preventDefault()}
    >
      <h2 id={titleId}>{labels.heading}</h2>
      <p>{labels.intro}</p>
      <div
        ref={scrollRef}
        className="terms-scroll"
        tabIndex={0}
        role="region"
        aria-label={labels.heading}
        aria-describedby={reached ? undefined : hintId}
      >
        {children}
      </div>
      {!reached && (
        <p id={hintId} className="field-hint">
          {labels.scrollHint}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={() => window.location.assign(rejectUrl)}>
          {labels.disagree}
        </button>
        <button type="button" className="btn" disabled={!reached || busy} onClick={() => void agree()}>
          {labels.agree}
        </button>
      </div>
    </dialog>
  );
}
