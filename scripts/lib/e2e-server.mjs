// The Worker the browser tests and the interop tests talk to (issue 34, item 5): the built Worker
// with its demo data, anvil and the local portal (scripts/start.mjs), at 127.0.0.1:8787, hashing
// new passwords at the test cost. Playwright starts it when it runs alone (playwright.config.ts);
// `npm test` starts it once here, so that the interop tests, which drive no page, run in node beside
// the browsers instead of holding a Playwright worker.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { clearTimeout, setTimeout } from 'node:timers';
import { TEST_VARS } from './local-vars.mjs';

export const E2E_BASE = 'http://127.0.0.1:8787';
export const E2E_SERVER = {
  command: 'npm run db:migrate && node scripts/start.mjs',
  // Ready when start.mjs has created the demo data and run the first anchoring, not merely when
  // the Worker answers.
  ready: /Lanyard is running/,
  timeoutMs: 180_000,
  // At 127.0.0.1, the tests' address (scripts/lib/local-vars.mjs); passkeys.spec opens localhost.
  // LANYARD_STAND_IN: the public issuers of 1EdTech's fixtures answered on 127.0.0.1 (scripts/lib/stand-in.mjs).
  env: { CLOUDFLARE_CF_FETCH_ENABLED: 'false', LANYARD_HOST: '127.0.0.1', LANYARD_STAND_IN: '1', ...TEST_VARS },
};
/** Set for Playwright when the Worker is already up, so that it starts no second one. */
export const STARTED = { LANYARD_E2E_SERVER: 'started' };

async function answers() {
  try {
    return (await fetch(`${E2E_BASE}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** Where the Worker's output goes, so a failed test can be read beside what the Worker said. */
export const SERVER_LOG = '.wrangler/e2e/server.log';

/**
 * Starts the Worker and resolves once it is ready, with `stop()`, which ends it and everything it
 * started, and its process group's id. Its output goes to SERVER_LOG (and to stderr if it fails to start).
 */
export async function startE2eServer() {
  if (await answers()) throw new Error(`Something already answers at ${E2E_BASE}; stop it first.`);
  mkdirSync('.wrangler/e2e', { recursive: true });
  const log = createWriteStream(SERVER_LOG);
  // Its own process group: stop() ends wrangler, anvil and the portal with it.
  const child = spawn('sh', ['-c', E2E_SERVER.command], {
    env: { ...process.env, ...E2E_SERVER.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // What it said before it was ready: shown if it never is. Afterwards only the log keeps it.
  let early = '';
  for (const out of [child.stdout, child.stderr])
    out.on('data', (d) => {
      log.write(d);
      if (early !== null) early += d;
    });
  const closed = new Promise((done) => child.on('close', done));
  const stop = async () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await closed;
    log.end();
  };
  await new Promise((ready, fail) => {
    const timer = setTimeout(() => fail(new Error('The Worker was not ready within 180 s.')), E2E_SERVER.timeoutMs);
    const seen = () => {
      if (!E2E_SERVER.ready.test(early)) return;
      clearTimeout(timer);
      child.stdout.off('data', seen);
      early = null;
      ready();
    };
    child.stdout.on('data', seen);
    void closed.then(() => (clearTimeout(timer), fail(new Error('The Worker stopped before it was ready.'))));
  }).catch(async (err) => {
    process.stderr.write(early ?? '');
    await stop();
    throw err;
  });
  return { pid: child.pid, stop };
}
