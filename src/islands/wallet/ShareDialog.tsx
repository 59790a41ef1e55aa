import { useEffect, useId, useRef, useState } from 'react';
import { downloadName } from '../../lib/file-names';
import { facebookPost, linkedInFeed, linkedInProfile, xPost, type ShareTarget } from '../../lib/share-links';
import { call, handleFailure, type Answer, type ApiLabels } from '../lib/api';
import { wallet } from '../lib/client';
import { saveAs } from '../lib/download';
import { ThaiText } from '../lib/ThaiText';

export interface ShareLabels extends ApiLabels {
  title: string;
  url: string;
  copy: string;
  copied: string;
  qr: string;
  qrAlt: string;
  downloadQr: string;
  linkedInProfile: string;
  linkedInFeed: string;
  x: string;
  facebook: string;
  close: string;
  message: string;
  /** Share mode 4: the blockchain certificate's link. */
  blockchain: string;
}

type Qr = Answer<typeof wallet.GetQRCodeForPublicDetail>;

/**
 * The share dialog (spec §3 share modes): copy the public page URL (public page without message),
 * its QR code (QR code), LinkedIn add-to-profile (profile) and feed (feed), X and Facebook
 * (public page), and for an anchored blockchain badge its Blockcerts credential's link (blockchain).
 * A native modal dialog: focus is kept inside and Escape closes it.
 */
export default function ShareDialog({
  target,
  labels,
  onClose,
}: {
  target: Omit<ShareTarget, 'message'>;
  labels: ShareLabels;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [qr, setQr] = useState<Qr | null>(null);
  const [copied, setCopied] = useState(false);
  const share: ShareTarget = { ...target, message: labels.message.replace('{{badge}}', target.badge) };

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    void call(wallet.GetQRCodeForPublicDetail, { assertion_id: target.id }).then((r) =>
      r.ok ? setQr(r.data) : handleFailure(r, labels),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const copy = async () => {
    await navigator.clipboard.writeText(target.url).catch(() => undefined);
    setCopied(true);
  };
  const link = (href: string, text: string) => (
    <a className="btn btn-secondary" href={href} target="_blank" rel="noopener noreferrer">
      <ThaiText text={text} />
    </a>
  );

  return (
    <dialog ref={ref} className="dialog share-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>
        <ThaiText text={labels.title} />
      </h2>
      <label className="field">
        <span>
          <ThaiText text={labels.url} />
        </span>
        <input type="url" readOnly value={target.url} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <div className="actions">
        <button type="button" className="btn" onClick={() => void copy()}>
          <ThaiText text={labels.copy} />
        </button>
        <span role="status">{copied ? labels.copied : ''}</span>
      </div>
      <figure className="share-qr">
        {qr ? (
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`}
            alt={labels.qrAlt}
            width="180"
            height="180"
          />
        ) : (
          <span className="qr-placeholder" aria-hidden="true" />
        )}
        <figcaption>
          <ThaiText text={labels.qr} />
        </figcaption>
      </figure>
      <div className="actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={!qr}
          onClick={() => qr && saveAs(qr.png, downloadName('qrcode', target.badge, 'png'))}
        >
          <ThaiText text={labels.downloadQr} />
        </button>
      </div>
      {target.blockchainUrl && (
        <label className="field">
          <span>
            <ThaiText text={labels.blockchain} />
          </span>
          <input type="url" readOnly dir="ltr" value={target.blockchainUrl} onFocus={(e) => e.currentTarget.select()} />
        </label>
      )}
      <div className="actions share-links">
        {link(linkedInProfile(share), labels.linkedInProfile)}
        {link(linkedInFeed(share), labels.linkedInFeed)}
        {link(xPost(share), labels.x)}
        {link(facebookPost(share), labels.facebook)}
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={() => ref.current?.close()}>
          <ThaiText text={labels.close} />
        </button>
      </div>
    </dialog>
  );
}
