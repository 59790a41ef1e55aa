import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { importWithTimeout } from '../lib/lazy';
import { $confirm, settleConfirm, showError } from '../stores/dialogs';
import type { ConfirmDialogLabels } from './ConfirmDialog';
import { ErrorDialog, type ErrorDialogLabels } from './ErrorDialog';

type Labels = ErrorDialogLabels & ConfirmDialogLabels & { chunkTimeout: string };

/** Stands in for the confirmation dialog when its chunk did not arrive: answers "no", says why. */
function ChunkFailed({ labels }: { labels: Labels }) {
  useEffect(() => {
    settleConfirm(false);
    showError({ messages: [labels.chunkTimeout] });
  }, [labels.chunkTimeout]);
  return null;
}

/** The confirmation dialog is a chunk of its own, fetched the first time an island asks a question. */
const LazyConfirmDialog = lazy<ComponentType<{ labels: Labels }>>(() =>
  importWithTimeout(() => import('./ConfirmDialog')).then(
    (m): { default: ComponentType<{ labels: Labels }> } => ({ default: m.ConfirmDialog }),
    () => ({ default: ChunkFailed }),
  ),
);

/**
 * Mounted once per page: the dialogs every island shares through the dialog stores. A chunk that
 * does not arrive within the spec's 120 seconds ends in a clear error (spec §9).
 */
export default function GlobalDialogs({ labels }: { labels: Labels }) {
  const pending = useStore($confirm);
  return (
    <>
      <ErrorDialog labels={labels} />
      {pending && (
        <Suspense fallback={null}>
          <LazyConfirmDialog labels={labels} />
        </Suspense>
      )}
    </>
  );
}
