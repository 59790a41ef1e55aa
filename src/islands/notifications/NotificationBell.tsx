import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { importWithTimeout } from '../lib/lazy';
import { useDismiss } from '../lib/use-dismiss';
import { $confirm } from '../stores/dialogs';
import { $noticeError, $unread, restoreUnread } from '../stores/notifications';
import { checksOnEntry } from './check-paths';
import { startFirstPage } from './first-page';
import type { PanelLabels } from './NotificationPanel';
import { fetchUnread } from './types';
import { ThaiText } from '../lib/ThaiText';

export interface BellLabels extends PanelLabels {
  bell: string;
  bellUnread: string;
}

type PanelProps = { id: string; lang: string; labels: PanelLabels };
type PanelComponent = ComponentType<PanelProps>;

/** Stands in when the panel's chunk did not arrive (spec §9): the error, not a spinner forever. */
function PanelUnavailable({ id, labels }: PanelProps) {
  return (
    <p id={id} className="notice-panel notice-state" role="alert">
      <ThaiText text={labels.error} />
    </p>
  );
}

/**
 * The panel is its own chunk: most page views never open it (islands load only what they use). It
 * is rendered once loaded rather than through a Suspense boundary, whose reveal React holds back for
 * up to 300 ms; the bench measured that delay on the first open.
 */
let loading: Promise<PanelComponent> | null = null;
function loadPanel(): Promise<PanelComponent> {
  loading ??= importWithTimeout(() => import('./NotificationPanel')).then(
    (m) => m.default,
    () => {
      loading = null; // a later press tries again
      return PanelUnavailable;
    },
  );
  return loading;
}

/**
 * The unread check of spec §2. Live updates without polling (issue 8): it runs on entering the
 * listed routes and when the tab becomes visible again, each time only while the mark is off.
 */
async function checkUnread(): Promise<void> {
  const has = await fetchUnread();
  if (has === null) $noticeError.set(true);
  else $unread.set(has);
}

const isAsking = () => $confirm.get() !== null;

/** The bell of the full header: the new-mark, and the panel below it. */
export default function NotificationBell({ lang, labels }: { lang: string; labels: BellLabels }) {
  const unread = useStore($unread);
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<PanelComponent | null>(null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    restoreUnread();
    if (checksOnEntry(window.location.pathname) && !$unread.get()) void checkUnread();
    const onVisible = () => {
      if (document.visibilityState === 'visible' && !$unread.get()) void checkUnread();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  // While the delete-all question is open, presses and Escape belong to that dialog.
  useDismiss(open, root, close, isAsking);

  return (
    <div className="bell-wrap" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-btn bell"
        aria-label={unread ? labels.bellUnread : labels.bell}
        aria-expanded={open}
        aria-controls={panelId}
        data-unread={unread}
        // Fetched on the way to a click, so opening rarely waits for the chunk.
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          if (open) return setOpen(false);
          // The first page is asked for now, while the panel's chunk may still be on its way.
          if (!$noticeError.get()) startFirstPage();
          setOpen(true);
          void loadPanel().then((p) => setPanel(() => p));
        }}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9"></path>
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0"></path>
        </svg>
        {unread && <span className="bell-mark" aria-hidden="true"></span>}
      </button>
      {open && (Panel ? <Panel id={panelId} lang={lang} labels={labels} /> : <span id={panelId} hidden></span>)}
    </div>
  );
}
