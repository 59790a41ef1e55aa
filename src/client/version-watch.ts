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

/**
 * Spec §4: a version mismatch forces a page reload. The page carries the release it was rendered
 * with; when the tab becomes visible again (or is restored from the back/forward cache) the running
 * release is compared and a stale page reloads once.
 */
export function watchVersion(base: string, rendered: string, reload: () => void = () => window.location.reload()) {
  let checking = false;
  const check = async () => {
    if (checking || document.visibilityState !== 'visible') return;
    checking = true;
    const running = await runningRelease(base);
    checking = false;
    if (running && running !== rendered) reload();
  };
  document.addEventListener('visibilitychange', () => void check());
  window.addEventListener('pageshow', (e) => e.persisted && void check());
  return check;
}
