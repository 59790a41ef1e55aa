import { useStore } from '@nanostores/react';
import { useCallback, useId } from 'react';
import { useDialogFocus } from '../lib/use-dialog-focus';
import { $errorDialog, closeError } from '../stores/dialogs';
import { ThaiText } from '../lib/ThaiText';

export interface ErrorDialogLabels {
  notification: string;
  close: string;
}

/** The shared error dialog: title defaults to "Notification", messages joined one per line. */
export function ErrorDialog({ labels }: { labels: ErrorDialogLabels }) {
  const state = useStore($errorDialog);
  const titleId = useId();
  const close = useCallback(() => {
    const to = $errorDialog.get()?.closeTo;
    closeError();
    if (to) window.location.assign(to);
  }, []);
  const ref = useDialogFocus<HTMLDivElement>(state !== null, close);
  if (!state) return null;
  return (
    <div className="dialog-backdrop">
      <div ref={ref} className="dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId}>{state.title ?? labels.notification}</h2>
        {state.messages.map((m, i) => (
          <p key={i} dir="auto">
            {m}
          </p>
        ))}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={close}>
            <ThaiText text={labels.close} />
          </button>
        </div>
      </div>
    </div>
  );
}
