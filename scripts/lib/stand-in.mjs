// The public issuers the browser tests meet, stood in for on 127.0.0.1 (issue 38). The Worker under
// test has no network, and 1EdTech's CLR 2.0 fixtures name their issuers at example.edu and
// example.com, which serve no issuer profile: this server answers every request 404, as those hosts
// do online, so a record from them verifies there as it does in the integration tests
// (tests/support/offline-fetch.ts). The Worker sends those names here through OUTBOUND_TEST_HOSTS,
// which production ignores (src/server/outbound/policy.ts).
import { createServer } from 'node:http';

/** The names stood in for, as the browser tests' Worker is started (scripts/lib/e2e-server.mjs). */
export const STAND_IN_NAMES = ['example.edu', 'example.com'];

/** Starts the stand-in; resolves with the Worker variable that routes the names to it, and stop(). */
export async function startStandIn(port = 8796) {
  const server = createServer((req, res) => {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not Found');
  });
  await new Promise((done, fail) => server.once('error', fail).listen(port, '127.0.0.1', done));
  return {
    vars: { OUTBOUND_TEST_HOSTS: STAND_IN_NAMES.map((n) => `${n}=127.0.0.1:${port}`).join(',') },
    stop: () => new Promise((done) => server.close(done)),
  };
}
