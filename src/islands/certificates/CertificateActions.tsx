import { useState, type FormEvent } from 'react';
import { facebookPost, linkedInProfile, xPost, type ShareTarget } from '../../lib/share-links';
import { call, handleFailure, type ApiLabels } from '../lib/api';
import { acad } from '../lib/client';
import { downloadFile, type DownloadLabels } from '../lib/download';
import { HiddenToken } from '../lib/HiddenToken';
import { useHydrated } from '../lib/use-hydrated';
import { ThaiText } from '../lib/ThaiText';

export interface CertificateActionLabels extends ApiLabels, DownloadLabels {
  isPublic: string;
  isPrivate: string;
  makePublic: string;
  makePrivate: string;
  cannotPublish: string;
  download: string;
  /** The record in CLR 2.0 (issue 38): a signed JSON file with each course inside. */
  downloadClr: string;
  /** Why a revoked certificate's PDF is not offered (issue 33, item 5). */
  revokedDownload: string;
  loading: string;
  shareHeading: string;
  shareHint: string;
  url: string;
  copy: string;
  copied: string;
  qr: string;
  qrAlt: string;
  linkedIn: string;
  x: string;
  facebook: string;
  publicPage: string;
  /** With {{title}} and {{issuer}} left in, filled here. */
  message: string;
}

/**
 * The owner's actions on a certificate: publish or make private, download the PDF, and share it
 * once public (URL, QR code, LinkedIn add-to-profile as a certification, X, Facebook). The toggle
 * is a form that posts to the page, so it works before this island hydrates and without
 * JavaScript; hydrated, it calls the API and stays on the page. The PDF and CLR 2.0 downloads are
 * forms too: without JavaScript the page's answer is the file itself.
 */
export default function CertificateActions({
  id,
  initialPublic,
  revoked,
  action,
  formToken,
  initialError,
  publicPath,
  share,
  labels,
}: {
  id: string;
  initialPublic: boolean;
  revoked: boolean;
  action: string;
  formToken: string;
  /** The failure of a form post without JavaScript, already translated. */
  initialError: string | null;
  publicPath: string;
  share: { url: string; title: string; issuer: string; issuedOn: string; qrSvg: string };
  labels: CertificateActionLabels;
}) {
  const ready = useHydrated();
  const [isPublic, setPublic] = useState(initialPublic);
  const [busy, setBusy] = useState<'status' | 'pdf' | 'clr' | null>(null);
  const [error, setError] = useState(initialError);
  const [copied, setCopied] = useState(false);

  const toggle = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('status');
    setError(null);
    const r = await call(acad.SetAcadDocStatus, { assertion_id: id, is_public: !isPublic });
    setBusy(null);
    if (r.ok) setPublic(r.data.is_public);
    else if (r.status === 409) setError(r.errors[0]?.message || labels.fallback);
    else handleFailure(r, labels);
  };
  const download = async (kind: 'pdf' | 'clr') => {
    setBusy(kind);
    await downloadFile(acad.Download[kind], { assertion_id: id }, labels);
    setBusy(null);
  };
  const copy = async () => {
    await navigator.clipboard.writeText(share.url).catch(() => undefined);
    setCopied(true);
  };

  const target: ShareTarget = {
    url: share.url,
    badge: share.title,
    issuer: share.issuer,
    issuedOn: share.issuedOn,
    id,
    message: labels.message.replace('{{title}}', share.title).replace('{{issuer}}', share.issuer),
  };
  const link = (href: string, text: string) => (
    <a className="btn btn-secondary" href={href} target="_blank" rel="noopener noreferrer">
      <ThaiText text={text} />
    </a>
  );

  return (
    <>
      <section className="certificate-actions stack">
        <p role="status" className="visibility-state">
          {isPublic ? labels.isPublic : labels.isPrivate}
        </p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="actions">
          {revoked && !isPublic ? (
            <p>
              <ThaiText text={labels.cannotPublish} />
            </p>
          ) : (
            <form method="post" action={action} onSubmit={(e) => void toggle(e)}>
              <HiddenToken token={formToken} />
              <input type="hidden" name="is_public" value={String(!isPublic)} />
              <button type="submit" className="btn btn-secondary" disabled={busy !== null}>
                {isPublic ? labels.makePrivate : labels.makePublic}
              </button>
            </form>
          )}
          {revoked ? (
            // Its PDF carries the signed credential: a revoked one is not handed out (410 E410181).
            <p className="notice" role="note">
              <ThaiText text={labels.revokedDownload} />
            </p>
          ) : (
            (['pdf', 'clr'] as const).map((kind) => (
              <form
                key={kind}
                method="post"
                action={action}
                onSubmit={(e) => {
                  e.preventDefault();
                  void download(kind);
                }}
              >
                <HiddenToken token={formToken} />
                <input type="hidden" name="action" value={kind} />
                <button
                  type="submit"
                  className={kind === 'pdf' ? 'btn' : 'btn btn-secondary'}
                  disabled={busy !== null}
                  aria-busy={busy === kind}
                >
                  <ThaiText text={kind === 'pdf' ? labels.download : labels.downloadClr} />
                </button>
              </form>
            ))
          )}
        </div>
      </section>
      {isPublic && !revoked ? (
        <section className="certificate-share stack" aria-labelledby={`share-${id}`}>
          <h2 id={`share-${id}`}>
            <ThaiText text={labels.shareHeading} />
          </h2>
          <label className="field">
            <span>
              <ThaiText text={labels.url} />
            </span>
            <input type="url" readOnly value={share.url} dir="ltr" onFocus={(e) => e.currentTarget.select()} />
          </label>
          {ready && (
            <div className="actions">
              <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
                <ThaiText text={labels.copy} />
              </button>
              <span role="status">{copied ? labels.copied : ''}</span>
            </div>
          )}
          <figure className="share-qr">
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(share.qrSvg)}`}
              alt={labels.qrAlt}
              width="180"
              height="180"
            />
            <figcaption>
              <ThaiText text={labels.qr} />
            </figcaption>
          </figure>
          <div className="actions share-links">
            {link(linkedInProfile(target), labels.linkedIn)}
            {link(xPost(target), labels.x)}
            {link(facebookPost(target), labels.facebook)}
            <a className="btn btn-secondary" href={publicPath}>
              <ThaiText text={labels.publicPage} />
            </a>
          </div>
        </section>
      ) : (
        !revoked && (
          <p className="share-hint">
            <ThaiText text={labels.shareHint} />
          </p>
        )
      )}
    </>
  );
}
