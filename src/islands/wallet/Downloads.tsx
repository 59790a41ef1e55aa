import { useState, type FormEvent } from 'react';
import { wallet } from '../lib/client';
import { downloadFile, type DownloadLabels } from '../lib/download';
import { HiddenToken } from '../lib/HiddenToken';
import type { DownloadKind } from '../../server/downloads/offered';
import { ThaiText } from '../lib/ThaiText';

export interface DownloadsLabels extends DownloadLabels {
  heading: string;
  image: string;
  json: string;
  pdf: string;
  ob3json: string;
  ob3image: string;
}

/**
 * The owner's downloads of a received badge: baked image, Open Badges JSON, PDF certificate, and
 * the same badge as an Open Badges 3.0 credential (JSON, or baked into a PNG; issue 21). The page
 * says which `kinds` the badge has and, in `note`, why the others are not offered (the rule is
 * offeredDownloads in src/server/downloads/offered.ts; issue 33, item 5).
 *
 * Each button is a form that posts to the page (src/server/forms/badge-download-form.ts), so the
 * first click saves the file before this island hydrates, and without JavaScript (issue 35, item
 * 1); hydrated, it calls the API instead and shows a failure in the dialog, staying on the page.
 */
export default function Downloads({
  id,
  kinds,
  note,
  action,
  formToken,
  labels,
}: {
  id: string;
  kinds: readonly DownloadKind[];
  note?: string | undefined;
  /** The page's own address, where the forms post. */
  action: string;
  formToken: string;
  labels: DownloadsLabels;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const get = async (e: FormEvent, kind: DownloadKind) => {
    e.preventDefault();
    setBusy(kind);
    await downloadFile(wallet.Download[kind], { assertion_id: id }, labels);
    setBusy(null);
  };
  return (
    <section className="downloads" aria-labelledby={`dl-${id}`}>
      <h2 id={`dl-${id}`}>
        <ThaiText text={labels.heading} />
      </h2>
      {note && (
        <p className="notice" role="note">
          {note}
        </p>
      )}
      <div className="actions">
        {kinds.map((kind) => (
          <form key={kind} method="post" action={action} onSubmit={(e) => void get(e, kind)}>
            <HiddenToken token={formToken} />
            <input type="hidden" name="action" value={kind} />
            <button type="submit" className="btn btn-secondary" aria-busy={busy === kind} disabled={busy !== null}>
              {labels[kind]}
            </button>
          </form>
        ))}
      </div>
    </section>
  );
}
