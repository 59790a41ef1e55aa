// `npm test`: every test, and at the end (passed or not) each stage's wall time (issue 34).
//
// The fonts and the UI catalogues the Worker reads from its assets are made first. Then two lanes run side by side: vitest, with a worker per core (its
// default keeps one core free: on a 2-core machine that was one worker and 5 min 50 s; with two,
// 3 min 30 s alone), and beside it the static check, the build and its deploy check. When both have
// passed, one Worker is started for the browser tests, and the interop tests (which drive no page)
// run in node beside them (issue 34, item 5). The browsers do not start beside vitest: measured on
// the 2-core machine with vmstat, the two together left under 5% of it idle and stretched vitest
// past its six minutes, for a whole run that ended only a minute sooner.
//
// Vitest prints as it goes; the second lane's output is held until vitest has ended, then printed
// in one piece; the interop output when the browsers have ended. So no two stages' lines interleave.
// The first stage to fail stops everything.
//
// The build beside the tests is safe: the tests serve ./public and never dist/, and the fonts step
// writes nothing the build or the tests read unless it changed (scripts/fonts.mjs).
import { spawn } from 'node:child_process';
import { SERVER_LOG, STARTED, startE2eServer } from './lib/e2e-server.mjs';

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', ASTRO_TELEMETRY_DISABLED: '1' };
const FONTS = ['fonts', 'node', ['scripts/fonts.mjs']];
const CATALOGUES = ['catalogues', 'node', ['scripts/catalogues.mjs']];
const VITEST = ['vitest', 'npx', ['vitest', 'run', '--maxWorkers=100%']];
const BUILT = [
  ['check', 'npm', ['run', 'check']],
  ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['build', 'npx', ['astro', 'build']],
  ['deploy check', 'node', ['scripts/deploy-check.mjs']],
];
const E2E = ['e2e', 'npx', ['playwright', 'test'], STARTED];
const INTEROP = ['interop', 'npx', ['vitest', 'run', '--config', 'vitest.interop.config.ts']];

const took = [];
const running = new Set();
let failed = null;
let server = null;

/**
 * Where a stage's output goes: straight to `sink`, or into a buffer until `flush()`, then straight
 * to `sink`.
 */
function output(live, sink = (text) => process.stdout.write(text)) {
  const held = [];
  const out = {
    live,
    write: (text) => (out.live ? sink(text) : held.push(text)),
    flush: () => {
      sink(held.splice(0).join(''));
      out.live = true;
    },
  };
  return out;
}

/** Runs one stage and resolves whether it passed; its output goes to `out`. */
function stage([name, command, args, extraEnv], out) {
  const t0 = performance.now();
  out.write(`\n== ${name}: ${command} ${args.join(' ')}\n`);
  // Its own process group, so a failure elsewhere can stop it and everything it started.
  const child = spawn(command, args, {
    env: { ...env, ...extraEnv },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  // Decoded as UTF-8 per stream, so a character split between two chunks (✓, Japanese or Thai test
  // names) arrives whole.
  for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (d) => out.write(d));
  return new Promise((done) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      took.push([name, performance.now() - t0]);
      const ok = code === 0 && !signal;
      if (!ok && !failed) {
        failed = name;
        stopAll();
      }
      done(ok);
    });
  });
}

function stopAll() {
  for (const pid of [...[...running].map((c) => c.pid), ...(server ? [server.pid] : [])]) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

async function lane(stages, out) {
  for (const s of stages) if (failed || !(await stage(s, out))) return false;
  return true;
}

/** The browser tests and the interop tests, against one Worker started for both. */
async function browsers(out) {
  const t0 = performance.now();
  out.write('\n== e2e server: the built Worker with its demo data (scripts/lib/e2e-server.mjs)\n');
  server = await startE2eServer().catch((err) => void out.write(`${err.message}\n`));
  took.push(['e2e server', performance.now() - t0]);
  if (!server) return void (failed ??= 'e2e server');
  if (failed) return void (await server.stop());
  const interop = output(false, out.write);
  // The interop output waits for the browsers' end, so it never lands inside one of their lines.
  await Promise.all([lane([E2E], out), lane([INTEROP], interop)]);
  interop.flush();
  await server.stop();
  server = null;
  if (failed) out.write(`\nWhat the Worker said during the tests: ${SERVER_LOG}\n`);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (stopAll(), process.exit(1)));

const started = performance.now();
await stage(FONTS, output(true));
await stage(CATALOGUES, output(true));
if (!failed) {
  const second = output(false);
  await Promise.all([lane([VITEST], output(true)).then(() => second.flush()), lane(BUILT, second)]);
}
if (!failed) await browsers(output(true));
took.push(['whole command', performance.now() - started]);

const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
};
console.log(
  '\nWall time of each stage (vitest ran beside check, chromium, build and deploy check; interop beside e2e):',
);
for (const [name, ms] of took) console.log(`  ${name.padEnd(14)} ${clock(ms).padStart(8)}`);
if (failed) {
  console.log(`\nThe ${failed} stage failed; the stages after it did not run.`);
  process.exit(1);
}
