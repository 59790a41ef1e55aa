import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { call, handleFailure, type ApiLabels } from '../lib/api';
import { wallet } from '../lib/client';
import { HiddenToken } from '../lib/HiddenToken';
import { useHydrated } from '../lib/use-hydrated';
import { useScrolledToEnd } from '../lib/use-scrolled-to-end';
import { ThaiText } from '../lib/ThaiText';

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
 *
 * Before this island hydrates, and without JavaScript, the dialog is open in the page (not modal)
 * and "I Agree" is a form that posts to /terms and comes back (issue 25); the scroll check needs
 * JavaScript, so it holds the button back only once hydrated.
 */
export default function TermsModal({
  labels,
  rejectUrl,
  action,
  formToken,
  back,
  error,
  children,
}: {
  labels: TermsModalLabels;
  rejectUrl: string;
  action: string;
  formToken: string;
  /** The page to come back to after agreeing without JavaScript. */
  back: string;
  /** The server's message when a posted agreement was refused. */
  error: string | null;
  children?: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { ref: scrollRef, reached } = useScrolledToEnd<HTMLDivElement>();
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();
  const titleId = useId();
  const hintId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // Rendered open (not modal) for the page before JavaScript; now it becomes the modal.
    if (dialog.open && !dialog.matches(':modal')) dialog.close();
    if (!dialog.open) dialog.showModal();
    scrollRef.current?.focus();
  }, [scrollRef]);

  const agree = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const result = await call(wallet.SetTermOfService, { agree_term_of_service: true });
    setBusy(false);
    if (result.ok) dialogRef.current?.close();
    else handleFailure(result, labels);
  };

  const disagree = (e: FormEvent) => {
    e.preventDefault();
    window.location.assign(rejectUrl);
  };

  const waiting = ready && !reached;
  // `open` stays true in every render: React then never touches it again, and the dialog's own
  // methods (showModal, close) decide. The server's HTML needs it to show the terms at all.
  return (
    <dialog
      ref={dialogRef}
      open
      className="dialog terms-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => e.preventDefault()}
    >
      <h2 id={titleId}>
        <ThaiText text={labels.heading} />
      </h2>
      <p>
        <ThaiText text={labels.intro} />
      </p>
      <div
        ref={scrollRef}
        className="terms-scroll"
        tabIndex={0}
        role="region"
        aria-label={labels.heading}
        aria-describedby={waiting ? hintId : undefined}
      >
        {children}
      </div>
      {waiting && (
        <p id={hintId} className="field-hint">
          <ThaiText text={labels.scrollHint} />
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <form method="get" action={rejectUrl} onSubmit={disagree}>
          <button type="submit" className="btn btn-secondary">
            <ThaiText text={labels.disagree} />
          </button>
        </form>
        <form method="post" action={action} onSubmit={(e) => void agree(e)}>
          <HiddenToken token={formToken} />
          <input type="hidden" name="agree_term_of_service" value="true" />
          <input type="hidden" name="redirect" value={back} />
          <button type="submit" className="btn" disabled={waiting || busy}>
            <ThaiText text={labels.agree} />
          </button>
        </form>
      </div>
    </dialog>
  );
}
