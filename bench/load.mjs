// `npm run load` (issue 23, Deliver 4): the local Worker under many people at once, loopback only.
// Builds when the build is older than the sources, starts the Worker on its own port over a D1/R2
// of its own (.wrangler/load, made afresh), makes the fixtures, measures the static asset alone
// (the baseline), then lets 200 simulated people arrive over 30 s, each signing in once, and stay
// for 60 s of steady load (bench/load-journeys.mjs), then steps up the number of people (8 s of
// arrival, then 15 s counted; returning people with a session) until p99 passes 1 s or the time
// cap. Figures to bench/results/load.json and as tables; the whole run takes about 5 minutes.
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dbFigures, loadFixture } from './load-fixture.mjs';
import { newStats, pickJourney, signIn, STATIC, think } from './load-journeys.mjs';
import { startWorker } from '../scripts/lib/built-worker.mjs';

const PORT = 8811;
const PERSIST = '.wrangler/load';
const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/** The main phase's people arrive (and sign in) spread over this many seconds before the steady 60 s. */
const RAMP = Number(process.env.LOAD_RAMP_SECONDS ?? 30);
const STEPS = (process.env.LOAD_STEPS ?? '300,400,600,800,1000,1200').split(',').map(Number);
const STEP_SECONDS = Number(process.env.LOAD_STEP_SECONDS ?? 15);
/** A step's people arrive spread over about one think time before its 15 s are counted. */
const STEP_RAMP = Number(process.env.LOAD_STEP_RAMP_SECONDS ?? 8);
/** No step starts that would end later than this many seconds after the main phase began. */
const CAP_SECONDS = Number(process.env.LOAD_CAP_SECONDS ?? 240);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Newest modification time under `path` (files only). */
function newest(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((f) => newest(`${path}/${f}`)));
}

function buildIfNeeded() {
  let built = 0;
  try {
    built = statSync('dist/server/entry.mjs').mtimeMs;
  } catch {
    // never built
  }
  if (built > Math.max(newest('src'), newest('public'), statSync('package-lock.json').mtimeMs)) return;
  console.log('load: building (sources are newer than dist/) ...');
  execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * One phase: `count` people arrive spread over `rampSeconds` (the first `signIns` of them sign in
 * with their password on arrival, the rest come back with a session), then all of them stay for
 * `seconds`. Arrival and the steady part are counted apart: a request belongs to the part in
 * which it ends.
 */
async function phase(fixture, shared, { count, seconds, signIns, rampSeconds }) {
  const arrival = newStats();
  const steady = newStats();
  const steadyFrom = Date.now() + rampSeconds * 1000;
  const until = steadyFrom + seconds * 1000;
  const journeys = { arrival: 0, steady: 0 };
  const person = async (i) => {
    const account = fixture.accounts[i % fixture.accounts.length];
    const user = {
      base: shared.base,
      fixture,
      account,
      get stats() {
        return Date.now() < steadyFrom ? arrival : steady;
      },
      busy: shared.busy,
      published: shared.published,
      ip: `10.${80 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`,
      cookie: account.cookie,
    };
    await sleep(Math.random() * rampSeconds * 1000);
    if (i < signIns) await signIn(user);
    while (Date.now() < until) {
      await pickJourney()(user);
      journeys[Date.now() < steadyFrom ? 'arrival' : 'steady']++;
      await sleep(Math.min(think(), Math.max(0, until - Date.now())));
    }
  };
  await Promise.all(Array.from({ length: count }, (_, i) => person(i)));
  return {
    ...summarize(steady, count, seconds, journeys.steady),
    arrival: summarize(arrival, count, rampSeconds, journeys.arrival),
  };
}

const quantile = (xs, q) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))];

function summarize(stats, users, seconds, journeys) {
  const all = [];
  const steps = [];
  for (const [name, xs] of stats.steps) {
    xs.sort((a, b) => a - b);
    all.push(...xs);
    steps.push({ name, count: xs.length, p50: quantile(xs, 0.5), p99: quantile(xs, 0.99), max: xs.at(-1) });
  }
  all.sort((a, b) => a - b);
  const errors = Object.fromEntries(stats.errors);
  return {
    users,
    seconds: Number(seconds.toFixed(1)),
    requests: all.length,
    rps: Number((all.length / seconds).toFixed(1)),
    journeysPerSecond: Number((journeys / seconds).toFixed(1)),
    p50: quantile(all, 0.5),
    p99: quantile(all, 0.99),
    errorCount: Object.values(errors).reduce((s, n) => s + n, 0),
    errors,
    firstErrors: stats.firstErrors,
    steps,
  };
}

async function baseline(base) {
  const run = (connections) =>
    new Promise((resolve, reject) =>
      autocannon({ url: `${base}${STATIC}`, duration: 5, connections }, (e, r) => (e ? reject(e) : resolve(r))),
    );
  await run(4); // warm-up
  const lat = await run(1);
  return { p50: lat.latency.p50, p99: lat.latency.p99, rps: lat.requests.average, non2xx: lat.non2xx };
}

buildIfNeeded();
rmSync(PERSIST, { recursive: true, force: true });
mkdirSync(PERSIST, { recursive: true });
execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', PERSIST], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
});
const worker = await startWorker(PORT, [], ['--persist-to', PERSIST]);
// The machine's load average before and after: other work on it shows in every figure.
const result = {
  when: new Date().toISOString(),
  node: process.version,
  users: USERS,
  seconds: SECONDS,
  thinkSeconds: Number(process.env.LOAD_THINK_SECONDS ?? 8),
  loadBefore: loadavg(),
};
try {
  let t = performance.now();
  const fixture = await loadFixture(worker.base, USERS);
  result.fixtureSeconds = Number(((performance.now() - t) / 1000).toFixed(1));
  result.fixture = { accounts: USERS, awardsPerAccount: fixture.awards, otherAssertions: fixture.background };
  const shared = { base: worker.base, busy: new Set(), published: new Set() };
  result.baseline = await baseline(worker.base);
  console.log(
    `load: fixtures ${result.fixtureSeconds} s; baseline p50 ${result.baseline.p50} / p99 ${result.baseline.p99} ms`,
  );
  t = performance.now();
  result.main = await phase(fixture, shared, { count: USERS, seconds: SECONDS, signIns: USERS, rampSeconds: RAMP });
  console.log(
    `load: ${USERS} people: ${result.main.rps} req/s, p99 ${result.main.p99.toFixed(0)} ms, ${result.main.errorCount} errors`,
  );
  result.stepUp = [];
  let passed = result.main.p99 > 1000 ? USERS : null;
  for (const count of STEPS) {
    if (passed || (performance.now() - t) / 1000 + STEP_RAMP + STEP_SECONDS > CAP_SECONDS) break;
    const step = await phase(fixture, shared, { count, seconds: STEP_SECONDS, signIns: 0, rampSeconds: STEP_RAMP });
    result.stepUp.push(step);
    console.log(`load: ${count} people: ${step.rps} req/s, p99 ${step.p99.toFixed(0)} ms, ${step.errorCount} errors`);
    if (step.p99 > 1000) passed = count;
  }
  result.p99PassesOneSecondAt = passed;
  result.loadAfter = loadavg();
} finally {
  worker.stop();
}
await sleep(2000); // workerd flushes and exits
result.database = dbFigures(PERSIST);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/load.json', JSON.stringify(result, null, 2));
print(result);

function print(r) {
  const b = r.baseline.p99;
  const f = (x) => x.toFixed(1).padStart(8);
  const x = (v) => (v / Math.max(b, 0.5)).toFixed(1).padStart(10);
  const avg = (l) => l.map((v) => v.toFixed(1)).join(' ');
  const table = (title, p) => {
    console.log(`\n${title}: ${p.requests} requests, ${p.rps} req/s, ${p.journeysPerSecond} journeys/s`);
    console.log(
      `${'step'.padEnd(34)}${'count'.padStart(7)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'p99 ×base'.padStart(10)}`,
    );
    for (const s of p.steps)
      console.log(`${s.name.padEnd(34)}${String(s.count).padStart(7)}${f(s.p50)}${f(s.p99)}${x(s.p99)}`);
    console.log(`${'all'.padEnd(34)}${String(p.requests).padStart(7)}${f(p.p50)}${f(p.p99)}${x(p.p99)}`);
    console.log(`errors: ${p.errorCount}`, p.errorCount ? p.errors : '');
  };
  console.log(`\nload average before ${avg(r.loadBefore)}, after ${avg(r.loadAfter)}`);
  console.log(`baseline (static asset alone, 1 connection, 5 s): p50 ${r.baseline.p50} ms, p99 ${b} ms`);
  table(`${r.main.users} people arriving over ${r.main.arrival.seconds} s (each signs in)`, r.main.arrival);
  table(`${r.main.users} people, steady, ${r.main.seconds} s`, r.main);
  console.log(
    `\n${'people'.padStart(7)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'p99 ×base'.padStart(10)}${'errors'.padStart(8)}`,
  );
  for (const s of [r.main, ...r.stepUp])
    console.log(
      `${String(s.users).padStart(7)}${String(s.rps).padStart(8)}${f(s.p50)}${f(s.p99)}${x(s.p99)}${String(s.errorCount).padStart(8)}`,
    );
  const at = r.p99PassesOneSecondAt;
  console.log(`p99 passes 1 s at: ${at ? `${at} people` : 'not reached within the steps'}`);
  console.log(`D1 after the run: ${(r.database.bytes / 1e6).toFixed(1)} MB`);
  console.log('results: bench/results/load.json');
}
