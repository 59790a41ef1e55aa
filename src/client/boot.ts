import { hashToPath } from './hash-route';
import { loadScriptFonts } from './script-fonts';
import { watchVersion } from './version-watch';

/** Runs on every page: hash-path routing, fonts for other scripts, and the release check. */
export function startBoot(): void {
  const root = document.documentElement;
  const base = root.dataset.base ?? '';
  const target = hashToPath(base, window.location.hash);
  if (target) {
    window.location.replace(target);
    return;
  }
  loadScriptFonts(base);
  watchVersion(base, root.dataset.release ?? '');
}
