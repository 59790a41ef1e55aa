import { useStore } from '@nanostores/react';
import { useCallback, useId } from 'react';
import { useDialogFocus } from '../lib/use-dialog-focus';
import { $confirm, settleConfirm } from '../stores/dialogs';
import { ThaiText } from '../lib/ThaiText';

export interface ConfirmDialogLabels {
  close: string;
  ok: string;
  cancel: string;
}

/** The confirmation dialog of spec §3, driven by `confirmAction()` from any island. */
export function ConfirmDialog({ labels }: { labels: ConfirmDialogLabels }) {
  const pending = useStore($confirm);
  const titleId = useId();
  const cancel = useCallback(() => settleConfirm(false), []);
  const ref = useDialogFocus<HTMLDivElement>(pending !== null, cancel);
  if (!pending) return null;
  const closeButton = pending.closeButton ?? { visible: true };
  const action = pending.actionButton ?? { visible: true };
  return (
    <div className="dialog-backdrop">
      <div ref={ref} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId}>
          <ThaiText text={pending.title} />
        </h2>
        {pending.showXButton && (
          <button type="button" className="icon-btn x-btn" aria-label={labels.close} onClick={cancel}>
            <span aria-hidden="true">×</span>
          </button>
        )}
        {pending.text.split(/\n{2,}/).map((para, i) => (
          <p key={i} dir="auto">
            {para}
          </p>
        ))}
        <div className="dialog-actions">
          {closeButton.visible && (
            <button type="button" className="btn btn-secondary" onClick={cancel}>
              {closeButton.text ?? labels.cancel}
            </button>
          )}
          {action.visible && (
            <button
              type="button"
              className={action.color === 'danger' ? 'btn btn-danger' : 'btn'}
              onClick={() => settleConfirm(true)}
            >
              {action.icon && (
                <span aria-hidden="true" style={{ fontSize: action.iconSize ? `${action.iconSize}px` : undefined }}>
                  {action.icon}
                </span>
              )}
              {action.text ?? labels.ok}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
