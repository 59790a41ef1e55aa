import { useState } from 'react';
import { call, handleFailure, type ApiLabels } from '../lib/api';
import { wallet } from '../lib/client';
import { confirmAction } from '../stores/dialogs';
import { ThaiText } from '../lib/ThaiText';

export interface DeleteBadgeLabels extends ApiLabels {
  delete: string;
  deleteTitle: string;
  deleteText: string;
  cancel: string;
}

/**
 * Deleting a received or imported badge, with confirmation (spec §2, §4). Its own island at the
 * end of the badge page, apart from the everyday actions: a destructive button never sits between
 * "verify" and "downloads" (issue 35, item 7).
 */
export default function DeleteBadge({
  id,
  deleteCall,
  listUrl,
  labels,
}: {
  id: string;
  /** DeleteAssertion, or DeleteHostAssertion for an imported badge. */
  deleteCall: 'DeleteAssertion' | 'DeleteHostAssertion';
  listUrl: string;
  labels: DeleteBadgeLabels;
}) {
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    const sure = await confirmAction({
      title: labels.deleteTitle,
      text: labels.deleteText,
      closeButton: { visible: true, text: labels.cancel },
      actionButton: { visible: true, text: labels.delete, color: 'danger' },
    });
    if (!sure) return;
    setBusy(true);
    const r = await call(wallet[deleteCall], { assertion_id: id });
    setBusy(false);
    if (r.ok) window.location.assign(listUrl);
    else handleFailure(r, labels);
  };
  return (
    <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void remove()}>
      <ThaiText text={labels.delete} />
    </button>
  );
}
