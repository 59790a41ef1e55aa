import { vi } from 'vitest';

/**
 * Cuts the network for a test in workerd: every fetch that leaves 127.0.0.1 fails as offline, so
 * an outcome never depends on where the tests run. `noProfileHosts` answer as those hosts do online
 * for an issuer profile they do not serve (issue 33): a public address for their name (the outbound
 * guard asks DNS over HTTPS first), then 404. Each name or host asked for is pushed to `asked`.
 */
export function cutNetwork(noProfileHosts: ReadonlySet<string> = new Set(), asked: string[] = []) {
  const real = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname === '127.0.0.1') return real(input, init);
    const name = url.searchParams.get('name');
    asked.push(name ?? url.host);
    if (name && noProfileHosts.has(name)) {
      const a = url.searchParams.get('type') === 'A' ? [{ type: 1, data: '93.184.215.14' }] : [];
      return Promise.resolve(Response.json({ Status: 0, Answer: a }));
    }
    if (!name && noProfileHosts.has(url.hostname)) return Promise.resolve(new Response('Not Found', { status: 404 }));
    return Promise.reject(new TypeError('network is offline (test)'));
  });
  return asked;
}
