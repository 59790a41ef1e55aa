// Starts the built Worker on workerd (wrangler dev on the build output) and stops it afterwards: for
// the benches (bench/), the chaos run (scripts/chaos.mjs) and the launcher's own test.
import { newDevSqlToken } from './dev-sql.mjs';
import { localVars, portalVars } from './local-vars.mjs';
import { startPortal } from './portal.mjs';
import { spawnWranglerDev } from './wrangler-dev.mjs';

/**
 * Also starts a local portal (issue 20) registered for this Worker: on 8797 for the main bench
 * Worker (8790), on a free port for any other. For the portal sign-in figures (R1's bench case):
 * `worker.portal` holds { issuer, clientId, clientSecret, addUser, ... } (scripts/lib/portal.d.mts);
 * a round trip is GET `${base}/ns/portal/openbadge/portal/login?provider=portal` (303 to the
 * portal), then portalAuthorize(location, { email: 'portal@lanyard.localhost', password:
 * 'Portal-demo-1' }) from tests/support/portal-login.ts (Node 24 imports it directly), then the
 * returned callback URL with the wallet's cookies from the first step. `vars` are more Worker
 * variables as `KEY:value`; like the local ones and the secrets, they reach wrangler in a mode-600
 * file (scripts/lib/wrangler-dev.mjs), never on its command line. `extra` are wrangler dev arguments.
 */
export async function startWorker(port, vars = [], extra = []) {
  const base = `http://127.0.0.1:${port}`;
  const portal = await startPortal({ port: port === 8790 ? 8797 : 0, walletBases: [base] });
  // wrangler.toml holds production's values: the local ones, with this server's own address.
  const all = {
    ...localVars(port, '127.0.0.1'),
    ...portalVars(portal, base),
    // Request logging is off while measuring: locally every log line is forwarded from workerd to
    // wrangler over IPC, a cost production (asynchronous Workers Logs) does not have.
    LOG_LEVEL: 'warn',
    ...newDevSqlToken(port),
    ...Object.fromEntries(vars.map((v) => [v.slice(0, v.indexOf(':')), v.slice(v.indexOf(':') + 1)])),
  };
  const child = spawnWranglerDev(port, all, ['--log-level', 'error', ...extra], {
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = () => (process.kill(-child.pid, 'SIGTERM'), void portal.stop());
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop, portal };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error('the Worker did not start within 120 s');
}
