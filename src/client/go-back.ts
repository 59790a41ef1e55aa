import { path } from '../lib/paths';

/** Leaves the /back page for the previous entry, or the account check when there is none. */
export function goBack(): void {
  if (window.history.length > 1) window.history.back();
  else window.location.replace(path('/init'));
}
