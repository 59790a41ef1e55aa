import { useState } from 'react';
import { wallet } from '../lib/client';
import { downloadFile, type DownloadLabels } from '../lib/download';
import type { DownloadKind } from '../../server/downloads/offered';

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
 */
export default function Downloads({
  id,
  kinds,
  note,
  labels,
}: {
  id: string;
  kinds: readonly DownloadKind[];
  note?: string | undefined;
  labels: DownloadsLabels;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const get = async (kind: DownloadKind) => {
    setBusy(kind);
    await downloadFile(wallet.Download[kind], { assertion_id: id }, labels);
    setBusy(null);
  };
  return (
    <section className="downloads" aria-labelledby={`dl-${id}`}>
      <h2 id={`dl-${id}`}>{labels.heading}</h2>
      {note && (
        <p className="notice" role="note">
          {note}
        </p>
      )}
      <div className="actions">
        {kinds.map((kind) => (
          <button
            key={kind}
            type="button"
            className="btn btn-secondary"
            aria-busy={busy === kind}
            disabled={busy !== null}
            onClick={() => void get(kind)}
          >
            {labels[kind]}
          </button>
        ))}
      </div>
    </section>
  );
}
