import { atom } from 'nanostores';

/**
 * The bell's new-mark (spec §2). Pages are separate documents, so the mark is remembered for the
 * tab in sessionStorage: a page outside the route-entry list still shows what the last check found.
 */
const KEY = 'lanyard.unread';

/**
 * Starts false, as the server rendered it: reading the tab's memory before hydration would make the
 * first client render differ from the HTML (React error 418). The bell restores it once mounted.
 */
export const $unread = atom<boolean>(false);

export function restoreUnread(): void {
  try {
    if (sessionStorage.getItem(KEY) === '1') $unread.set(true);
  } catch {
    // storage blocked: every listed route entry checks again
  }
}

$unread.listen((on) => {
  try {
    if (on) sessionStorage.setItem(KEY, '1');
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage blocked: the mark lives for this page only
  }
});

/** Sign-out clears notifications (spec §2): nothing of this account stays in the tab. */
export function clearNotifications(): void {
  $unread.set(false);
}

/** A failed unread check (spec §8: 400 or 401) leaves the panel in its error state until refreshed. */
export const $noticeError = atom<boolean>(false);
