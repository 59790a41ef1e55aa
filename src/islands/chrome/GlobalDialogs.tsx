import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType } from 'react';
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

const neverChanges = () => () => undefined;
const isClient = () => true;
const isServer = () => false;

/**
 * Mounted once per page: the dialogs every island shares through the dialog stores. A chunk that
 * does not arrive within the spec's 120 seconds ends in a clear error (spec §9).
 */
export default function GlobalDialogs({ labels }: { labels: Labels }) {
  const pending = useStore($confirm);
  // The island hydrates when the browser is idle (client:idle): an island that reported an error
  // before then has filled the stores already, and rendering them in the first pass would differ
  // from the server's empty markup (React error #418, seen on a busy machine). The first pass
  // renders what the server did, nothing (React hydrates with the server snapshot, false), and
  // renders again at once with the client's (true).
  const hydrated = useSyncExternalStore(neverChanges, isClient, isServer);
  if (!hydrated) return null;
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
