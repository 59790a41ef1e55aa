import { hashToPath } from './hash-route';
import { watchVersion } from './version-watch';

/** Runs on every page: hash-path routing and the release check. */
export function startBoot(): void {
  const root = document.documentElement;
  const base = root.dataset.base ?? '';
  const target = hashToPath(base, window.location.hash);
  if (target) {
    window.location.replace(target);
    return;
  }
  watchVersion(base, root.dataset.release ?? '');
}
