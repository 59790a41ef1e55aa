import { useState } from 'react';
import { acad, wallet } from '../lib/client';
import { downloadFile, type DownloadLabels } from '../lib/download';

export interface BlockchainDownloadLabels extends DownloadLabels {
  download: string;
}

/**
 * The owner's blockchain certificate download (spec §7 Download/Blockchain): the anchored
 * Blockcerts credential as blockchain_certificate_{name}_{yyyymmdd}.json.
 */
export default function BlockchainDownload({
  kind,
  id,
  labels,
}: {
  kind: 'badge' | 'acad_doc';
  id: string;
  labels: BlockchainDownloadLabels;
}) {
  const [busy, setBusy] = useState(false);
  const get = async () => {
    setBusy(true);
    const route = kind === 'badge' ? wallet.Download.Blockchain : acad.Download.Blockchain;
    await downloadFile(route, { assertion_id: id }, labels);
    setBusy(false);
  };
  return (
    <button type="button" className="btn" aria-busy={busy} disabled={busy} onClick={() => void get()}>
      {labels.download}
    </button>
  );
}
