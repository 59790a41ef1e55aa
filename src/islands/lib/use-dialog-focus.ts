import { useEffect, useRef } from 'react';

/**
 * Modal focus handling: focus moves into the dialog when it opens, Tab stays inside it, Escape
 * closes it, and focus returns to where it was when it closes.
 */
export function useDialogFocus<T extends HTMLElement>(open: boolean, onEscape: () => void) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const root = ref.current;
    const focusables = () =>
      Array.from(root?.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], [tabindex="0"]') ?? []);
    (focusables().at(-1) ?? root)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onEscape();
      } else if (e.key === 'Tab') {
        const list = focusables();
        const first = list[0];
        const last = list.at(-1);
        if (!first || !last) return;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open, onEscape]);
  return ref;
}
