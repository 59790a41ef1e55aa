import { useStore } from '@nanostores/react';
import { lazy, Suspense, useMemo } from 'react';
import { importWithTimeout } from '../lib/lazy';
import { $confirm, settleConfirm, showError } from '../stores/dialogs';
import type { ConfirmDialogLabels } from './ConfirmDialog';
import { ErrorDialog, type ErrorDialogLabels } from './ErrorDialog';

type Labels = ErrorDialogLabels & ConfirmDialogLabels & { chunkTimeout: string };

/**
 * Mounted once per page: the dialogs every island shares through the dialog stores. The error
 * dialog is always ready; the confirmation dialog is a chunk of its own, fetched the first time an
 * island asks a question, and a chunk that does not arrive in time ends in a clear error (spec §9).
 */
export default function GlobalDialogs({ labels }: { labels: Labels }) {
  const pending = useStore($confirm);
  const ConfirmDialog = useMemo(
    () =>
      lazy(() =>
        importWithTimeout(() => import('./ConfirmDialog')).then(
          (m) => ({ default: m.ConfirmDialog }),
          () => {
            settleConfirm(false);
            showError({ messages: [labels.chunkTimeout] });
            return { default: () => null };
          },
        ),
      ),
    [labels.chunkTimeout],
  );
  return (
    <>
      <ErrorDialog labels={labels} />
      {pending && (
        <Suspense fallback={null}>
          <ConfirmDialog labels={labels} />
        </Suspense>
      )}
    </>
  );
}
