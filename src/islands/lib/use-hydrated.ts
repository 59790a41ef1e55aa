import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False in the server's HTML and while hydrating, true once the island runs. Controls that only
 * work with JavaScript (a scroll check, an API call) use it to tell "not ready yet" apart from
 * "not allowed", so nothing waits on a script that has not arrived (issue 25).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
