import { ConfirmDialog, type ConfirmDialogLabels } from './ConfirmDialog';
import { ErrorDialog, type ErrorDialogLabels } from './ErrorDialog';

/** Mounted once per page: the dialogs every island shares through the dialog stores. */
export default function GlobalDialogs({ labels }: { labels: ErrorDialogLabels & ConfirmDialogLabels }) {
  return (
    <>
      <ErrorDialog labels={labels} />
      <ConfirmDialog labels={labels} />
    </>
  );
}
