import { useEffect, useState, type ComponentType } from 'react';
import type { ShareTarget } from '../../lib/share-links';
import { call, handleFailure, type ApiLabels, type ApiResult } from '../lib/api';
import { wallet } from '../lib/client';
import { armConfetti, celebrateOnce } from '../lib/celebrate';
import { importWithTimeout } from '../lib/lazy';
import type { ShareLabels } from './ShareDialog';
import { ThaiText } from '../lib/ThaiText';

type ShareDialogType = ComponentType<{
  target: Omit<ShareTarget, 'message'>;
  labels: ShareLabels;
  onClose: () => void;
}>;

export interface BadgeActionLabels extends ApiLabels {
  makePublic: string;
  makePrivate: string;
  isPublic: string;
  isPrivate: string;
  publicPage: string;
  receive: string;
  hide: string;
  share: string;
}

/**
 * The owner's actions on a badge detail page: receive or hide (claimable), publish or make private
 * and open the public page (received) (spec §2, §4). Deleting is DeleteBadge, at the page's end.
 */
export default function BadgeActions({
  id,
  acceptStatus,
  initialPublic,
  canPublish,
  publicUrl,
  listUrl,
  detailUrl,
  confetti,
  share,
  shareLabels,
  labels,
}: {
  id: string;
  acceptStatus: number;
  initialPublic: boolean;
  canPublish: boolean;
  publicUrl: string;
  listUrl: string;
  detailUrl: string;
  /** The account has not seen the first-receipt confetti yet. */
  confetti: boolean;
  share: Omit<ShareTarget, 'message'>;
  shareLabels: ShareLabels;
  labels: BadgeActionLabels;
}) {
  const [isPublic, setPublic] = useState(initialPublic);
  const [busy, setBusy] = useState(false);
  const [Dialog, setDialog] = useState<ShareDialogType | null>(null);
  useEffect(() => armConfetti(confetti), [confetti]);

  // The share dialog and its QR call load only when someone opens it.
  const openShare = async () => {
    const mod = await importWithTimeout(() => import('./ShareDialog'));
    setDialog(() => mod.default);
  };
  const received = async () => {
    await celebrateOnce();
    window.location.assign(detailUrl);
  };

  /** One call on this badge, busy meanwhile; failures per spec §8. True when it succeeded. */
  const run = async (request: () => Promise<ApiResult<unknown>>) => {
    setBusy(true);
    const result = await request();
    setBusy(false);
    if (!result.ok) handleFailure(result, labels);
    return result.ok;
  };
  const badge = { assertion_id: id };

  if (acceptStatus === 0)
    return (
      <div className="actions detail-actions">
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() =>
            void run(() => call(wallet.SetReceiveBadgeFromWallet, badge)).then((ok) => (ok ? received() : undefined))
          }
        >
          <ThaiText text={labels.receive} />
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() =>
            void run(() => call(wallet.SetHideUnacceptedBadge, badge)).then(
              (ok) => ok && window.location.assign(listUrl),
            )
          }
        >
          <ThaiText text={labels.hide} />
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
              void run(() => call(wallet.SetAssertionStatus, { ...badge, is_public: !isPublic })).then(
                (ok) => ok && setPublic(!isPublic),
              )
            }
          >
            {isPublic ? labels.makePrivate : labels.makePublic}
          </button>
          {isPublic && (
            <>
              <button type="button" className="btn" onClick={() => void openShare()}>
                <ThaiText text={labels.share} />
              </button>
              <a className="btn btn-secondary" href={publicUrl}>
                <ThaiText text={labels.publicPage} />
              </a>
            </>
          )}
          {Dialog && isPublic && <Dialog target={share} labels={shareLabels} onClose={() => setDialog(null)} />}
        </>
      )}
    </div>
  );
}
