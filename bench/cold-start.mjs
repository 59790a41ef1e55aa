// Cold start, end to end (issue 37): `node bench/cold-start.mjs [build ...]` (default: dist) starts
// wrangler dev on a build from nothing, times until a static asset answers (workerd loads every
// Worker's modules before it serves, so this holds the start-up, under seconds of wrangler's own),
// then times the first public badge page on that fresh isolate, rendered past the edge cache: what
// the first visitor at a location waits for beyond the start-up, including everything the Worker
// loads on first use. Builds are alternated run by run (RUNS each, default 10), so a busy moment of
// the machine falls on both. The start-up alone is `wrangler check startup`'s figure.
// A build is a folder as `npm run build` leaves dist/ (its server/ is started).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../scripts/lib/anvil.mjs';
import { devSql, newDevSqlToken } from '../scripts/lib/dev-sql.mjs';
import { issuerApi } from '../scripts/lib/issuer-api.mjs';
import { localVars } from '../scripts/lib/local-vars.mjs';
import { registerAndActivate } from '../scripts/lib/register.mjs';
import { startWorker } from '../scripts/lib/built-worker.mjs';
import { varsFile, wranglerDevArgs } from '../scripts/lib/wrangler-dev.mjs';
import { makePng } from './png.mjs';

const RUNS = Number(process.env.RUNS ?? 10);
const BUILDS = (process.argv.length > 2 ? process.argv.slice(2) : ['dist']).map((b) => resolve(b));
const BASE_PATH = '/ns/portal/openbadge';
const STATE = mkdtempSync(join(tmpdir(), 'lanyard-cold-'));
const ENV = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' };

/** Starts a build's Workers on `port` with the shared state; answers the child and the spawn time. */
function spawnBuild(build, port) {
  // The main Worker alone: a public page never calls the renderer (issue 37), and a build from before
  // it has no other Worker, so both start the same way.
  const configs = ['-c', join(build, 'server', 'wrangler.json')];
  const vars = { ...localVars(port, '127.0.0.1'), LOG_LEVEL: 'error', ...newDevSqlToken(port) };
  const args = [...wranglerDevArgs(port, vars), ...configs, '--persist-to', STATE, '--log-level', 'error'];
  const started = performance.now();
  const child = spawn('npx', ['wrangler', ...args], { env: ENV, stdio: 'ignore', detached: true });
  const stop = () => (process.kill(-child.pid, 'SIGKILL'), rmSync(varsFile(port), { force: true }));
  return { child, started, stop };
}

/**
 * One cold start of `build`: from spawning, a static asset polled every 10 ms until it answers (the
 * floor: wrangler and workerd starting, which loads the Worker's modules), then at once the public
 * page, the Worker's first request on a fresh isolate. Answers both, and the page's own time.
 */
async function coldStart(build, page) {
  const port = await freePort();
  const { started, stop } = spawnBuild(build, port);
  const get = async (path, headers = {}) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  };
  try {
    for (;;) {
      try {
        await get(`${BASE_PATH}/favicon.svg`);
        break;
      } catch (err) {
        if (!(err instanceof TypeError)) throw err; // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error('no answer in 120 s');
      await new Promise((r) => setTimeout(r, 10));
    }
    const floor = performance.now() - started;
    // Past the edge cache (a development-only header), which the persisted cache would answer.
    await get(page, { 'x-lanyard-cache': 'miss', 'accept-language': 'en' });
    return { floor, first: performance.now() - started - floor };
  } finally {
    stop();
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** One public badge, made through the running Worker of the first build. */
async function seed(build) {
  execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE], {
    env: ENV,
    stdio: 'ignore',
  });
  // The benches' own launcher, on this build and this state: it waits for the Worker to answer.
  const worker = await startWorker(
    await freePort(),
    [],
    ['-c', join(build, 'server', 'wrangler.json'), '--persist-to', STATE],
  );
  const base = worker.base;
  try {
    const email = `cold-${Date.now().toString(36)}@example.test`;
    const account = await registerAndActivate(base, {
      email,
      password: 'Cold#Start2026',
      firstName: 'Cold',
      lastName: 'Start',
    });
    const issuer = await issuerApi(base, '/issuers', 'lanyard-dev-admin-token', {
      name: 'Cold Start University',
      url: 'https://cold.example',
      email: 'b@cold.example',
    });
    const { badge_class_id: bc } = await issuerApi(base, '/badge-classes', issuer.api_key, {
      name: 'First Visit',
      description: 'Seen first at this location.',
      criteria_narrative: 'Open the page.',
      image: makePng(4 * 1024).toString('base64'),
    });
    const award = await issuerApi(base, '/awards', issuer.api_key, { badge_class_id: bc, recipients: [email] });
    const id = award.assertions[0].assertion_id;
    await devSql(base, 'UPDATE assertions SET account_id = ?, accept_status = 2, is_public = 1 WHERE id = ?', [
      account,
      id,
    ]);
    return id;
  } finally {
    worker.stop();
    await new Promise((r) => setTimeout(r, 500));
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const id = await seed(BUILDS[0]);
  const page = `${BASE_PATH}/public/assertions/detail/${id}`;
  const times = BUILDS.map(() => ({ floor: [], first: [] }));
  for (let run = 0; run < RUNS; run++)
    for (const [i, build] of BUILDS.entries()) {
      const t = await coldStart(build, page);
      times[i].floor.push(t.floor);
      times[i].first.push(t.first);
    }
  for (const [i, build] of BUILDS.entries()) {
    const [f, p] = [median(times[i].floor), median(times[i].first)];
    console.log(
      `${build}: serving after ${f.toFixed(0)} ms (wrangler and workerd starting, the Worker's modules loaded); ` +
        `then the first public badge page in ${p.toFixed(0)} ms (medians of ${RUNS}; first pages ` +
        `${times[i].first.map((x) => x.toFixed(0)).join(' ')})`,
    );
  }
} finally {
  rmSync(STATE, { recursive: true, force: true });
}
