import { useState, type FormEvent } from 'react';
import { acad, wallet } from '../lib/client';
import { downloadFile, type DownloadLabels } from '../lib/download';
import { HiddenToken } from '../lib/HiddenToken';
import { ThaiText } from '../lib/ThaiText';

export interface BlockchainDownloadLabels extends DownloadLabels {
  download: string;
}

/**
 * The owner's blockchain certificate download (spec §7 Download/Blockchain): the anchored
 * Blockcerts credential as blockchain_certificate_{name}_{yyyymmdd}.json. A form that posts to the
 * page (action=blockchain), so the first click works before hydration and without JavaScript
 * (issue 35, item 1); hydrated, it calls the API and stays on the page.
 */
export default function BlockchainDownload({
  kind,
  id,
  action,
  formToken,
  labels,
}: {
  kind: 'badge' | 'acad_doc';
  id: string;
  action: string;
  formToken: string;
  labels: BlockchainDownloadLabels;
}) {
  const [busy, setBusy] = useState(false);
  const get = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const route = kind === 'badge' ? wallet.Download.Blockchain : acad.Download.Blockchain;
    await downloadFile(route, { assertion_id: id }, labels);
    setBusy(false);
  };
  return (
    <form method="post" action={action} onSubmit={(e) => void get(e)}>
      <HiddenToken token={formToken} />
      <input type="hidden" name="action" value="blockchain" />
      <button type="submit" className="btn" aria-busy={busy} disabled={busy}>
        <ThaiText text={labels.download} />
      </button>
    </form>
  );
}
