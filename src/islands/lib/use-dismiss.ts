import { useEffect, type RefObject } from 'react';

/**
 * Closes a popup (a menu, the notification panel) on a press outside it or on Escape, while it is
 * open. `paused` lets a dialog opened from inside the popup take those presses for itself.
 */
export function useDismiss(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  close: (byKey: boolean) => void,
  paused: () => boolean = () => false,
) {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!paused() && !root.current?.contains(e.target as Node)) close(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && !paused() && close(true);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, root, close, paused]);
}
