import { useState } from 'react';
import { apiPost, handleFailure, type ApiLabels } from '../lib/api';
import { confirmAction } from '../stores/dialogs';

export interface BadgeActionLabels extends ApiLabels {
  makePublic: string;
  makePrivate: string;
  isPublic: string;
  isPrivate: string;
  publicPage: string;
  receive: string;
  hide: string;
  delete: string;
  deleteTitle: string;
  deleteText: string;
  cancel: string;
}

/**
 * The owner's actions on a badge detail page: receive or hide (claimable), publish or make private
 * and open the public page (received), delete with confirmation (spec §2, §4).
 */
export default function BadgeActions({
  id,
  acceptStatus,
  initialPublic,
  canPublish,
  publicUrl,
  listUrl,
  labels,
}: {
  id: string;
  acceptStatus: number;
  initialPublic: boolean;
  canPublish: boolean;
  publicUrl: string;
  listUrl: string;
  labels: BadgeActionLabels;
}) {
  const [isPublic, setPublic] = useState(initialPublic);
  const [busy, setBusy] = useState(false);

  const call = async (name: string, extra: Record<string, unknown> = {}) => {
    setBusy(true);
    const result = await apiPost(`/api/v1.0/openbadge/v2/Wallet/${name}`, { assertion_id: id, ...extra });
    setBusy(false);
    if (!result.ok) handleFailure(result, labels);
    return result.ok;
  };

  const remove = async () => {
    const sure = await confirmAction({
      title: labels.deleteTitle,
      text: labels.deleteText,
      closeButton: { visible: true, text: labels.cancel },
      actionButton: { visible: true, text: labels.delete, color: 'danger' },
    });
    if (sure && (await call('DeleteAssertion'))) window.location.assign(listUrl);
  };

  if (acceptStatus === 0)
    return (
      <div className="actions detail-actions">
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => void call('SetReceiveBadgeFromWallet').then((ok) => ok && window.location.reload())}
        >
          {labels.receive}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => void call('SetHideUnacceptedBadge').then((ok) => ok && window.location.assign(listUrl))}
        >
          {labels.hide}
        </button>
      </div>
    );
  return (
    <div className="actions detail-actions">
      {canPublish && (
        <>
          <p role="status" className="visibility-state">
            {isPublic ? labels.isPublic : labels.isPrivate}
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            aria-pressed={isPublic}
            disabled={busy}
            onClick={() =>
              void call('SetAssertionStatus', { is_public: !isPublic }).then((ok) => ok && setPublic(!isPublic))
            }
          >
            {isPublic ? labels.makePrivate : labels.makePublic}
          </button>
          {isPublic && (
            <a className="btn btn-secondary" href={publicUrl}>
              {labels.publicPage}
            </a>
          )}
        </>
      )}
      <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void remove()}>
        {labels.delete}
      </button>
    </div>
  );
}
