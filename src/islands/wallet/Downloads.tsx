import { useState } from 'react';
import { wallet } from '../lib/client';
import { downloadFile, type DownloadLabels } from '../lib/download';

export interface DownloadsLabels extends DownloadLabels {
  heading: string;
  image: string;
  json: string;
  pdf: string;
  ob3json: string;
  ob3image: string;
}

const KINDS = ['image', 'json', 'pdf', 'ob3json', 'ob3image'] as const;

/**
 * The owner's downloads of a received badge: baked image, Open Badges JSON, PDF certificate, and
 * the same badge as an Open Badges 3.0 credential (JSON, or baked into a PNG; issue 21).
 */
export default function Downloads({ id, labels }: { id: string; labels: DownloadsLabels }) {
  const [busy, setBusy] = useState<string | null>(null);
  const get = async (kind: (typeof KINDS)[number]) => {
    setBusy(kind);
    await downloadFile(wallet.Download[kind], { assertion_id: id }, labels);
    setBusy(null);
  };
  return (
    <section className="downloads" aria-labelledby={`dl-${id}`}>
      <h2 id={`dl-${id}`}>{labels.heading}</h2>
      <div className="actions">
        {KINDS.map((kind) => (
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
