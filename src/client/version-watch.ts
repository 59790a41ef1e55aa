/** Fetches the running release; null when it cannot be read (offline, maintenance). */
async function runningRelease(base: string): Promise<string | null> {
  try {
    const res = await fetch(`${base}/version.json`, { cache: 'no-store', credentials: 'same-origin' });
    if (!res.ok) return null;
    const body = (await res.json()) as { release_version?: unknown };
    return typeof body.release_version === 'string' ? body.release_version : null;
  } catch {
    return null;
  }
}

// Remembers, for this tab, the mismatch a reload was made for: if the reloaded page still carries
// the old release (a cache in between), it is not reloaded again and again.
const RELOADED_KEY = 'lanyard.release-reload';

function reloadOnce(mismatch: string, reload: () => void): void {
  try {
    if (sessionStorage.getItem(RELOADED_KEY) === mismatch) return;
    sessionStorage.setItem(RELOADED_KEY, mismatch);
  } catch {
    // Storage refused (privacy mode): reloading is still right; a loop needs a stale cache as well.
  }
  reload();
}

/**
 * Spec §4: a version mismatch forces a page reload. The page carries the release it was rendered
 * with; when the person comes back to it (the tab becomes visible, the window gets focus, or the
 * page is restored from the back/forward cache) the running release is compared and a stale page
 * reloads, once per mismatch.
 */
export function watchVersion(base: string, rendered: string, reload: () => void = () => window.location.reload()) {
  let checking = false;
  const check = async () => {
    if (checking || document.visibilityState !== 'visible') return;
    checking = true;
    const running = await runningRelease(base);
    checking = false;
    if (running && running !== rendered) reloadOnce(`${rendered}->${running}`, reload);
  };
  document.addEventListener('visibilitychange', () => void check());
  window.addEventListener('focus', () => void check());
  window.addEventListener('pageshow', (e) => e.persisted && void check());
  return check;
}
