import { useCallback, useEffect, useRef, useState } from 'react';

/** Pixels of slack: zoom and sub-pixel layout can leave the last scroll a fraction short. */
const SLACK = 4;

/**
 * True once the element has been scrolled to its end (or never needed scrolling). The terms modal
 * and registration's first step enable "I Agree" with it (spec §2). Once reached it stays true.
 */
export function useScrolledToEnd<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [reached, setReached] = useState(false);
  const check = useCallback(() => {
    const el = ref.current;
    // Not laid out yet (inside a dialog that is still closed): nothing has been read.
    if (!el || el.clientHeight === 0) return;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - SLACK) setReached(true);
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    check();
    el.addEventListener('scroll', check, { passive: true });
    // Checked again when the box gets its size (a dialog opening) or the text reflows.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    resize?.observe(el);
    return () => {
      el.removeEventListener('scroll', check);
      resize?.disconnect();
    };
  }, [check]);
  return { ref, reached };
}
