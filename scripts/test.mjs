// `npm test`: every test, and at the end (passed or not) each stage's wall time (issue 34).
//
// The fonts are made first. Then two lanes run side by side: the vitest stage keeps about one core
// busy and waits on the rest (its runtimes wait on queues, servers and timers), so the static check
// and the build run beside it in the second lane. The first lane prints as it goes; the second's
// output is held and printed in one piece when it ends, so the two never interleave. The browser
// tests run when both lanes have passed, against one Worker started for them; the interop tests,
// which drive no page, run in node beside them (issue 34, item 5). The first stage to fail stops
// everything.
//
// The build beside the tests is safe: the tests serve ./public and never dist/, and the fonts step
// writes nothing the build or the tests read unless it changed (scripts/fonts.mjs).
import { spawn } from 'node:child_process';
import { SERVER_LOG, STARTED, startE2eServer } from './lib/e2e-server.mjs';

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', ASTRO_TELEMETRY_DISABLED: '1' };
const FONTS = ['fonts', 'node', ['scripts/fonts.mjs']];
const LANES = [
  [['vitest', 'npx', ['vitest', 'run']]],
  [
    ['check', 'npm', ['run', 'check']],
    ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
    ['build', 'npx', ['astro', 'build']],
    ['deploy check', 'node', ['scripts/deploy-check.mjs']],
  ],
];
const E2E = ['e2e', 'npx', ['playwright', 'test'], STARTED];
const INTEROP = ['interop', 'npx', ['vitest', 'run', '--config', 'vitest.interop.config.ts']];

const took = [];
const running = new Set();
let failed = null;
let server = null;

/** Runs one stage; `held` collects its output instead of printing it. */
function stage([name, command, args, extraEnv], held) {
  const t0 = performance.now();
  if (!held) console.log(`\n== ${name}: ${command} ${args.join(' ')}`);
  else held.push(`\n== ${name}: ${command} ${args.join(' ')}\n`);
  // Its own process group, so a failure elsewhere can stop it and everything it started.
  const child = spawn(command, args, {
    env: { ...env, ...extraEnv },
    detached: true,
    stdio: ['ignore', held ? 'pipe' : 'inherit', held ? 'pipe' : 'inherit'],
  });
  running.add(child);
  if (held) for (const out of [child.stdout, child.stderr]) out.on('data', (d) => held.push(d.toString()));
  return new Promise((done) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      took.push([name, performance.now() - t0]);
      done(code === 0 && !signal);
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

async function lane(stages, held) {
  for (const s of stages) {
    if (failed) return;
    if (!(await stage(s, held))) {
      failed ??= s[0];
      stopAll();
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (stopAll(), process.exit(1)));

const started = performance.now();
if (!(await stage(FONTS))) failed = 'fonts';
if (!failed) {
  const held = [];
  await Promise.all([lane(LANES[0]), lane(LANES[1], held)]);
  process.stdout.write(held.join(''));
}
if (!failed) {
  const t0 = performance.now();
  console.log('\n== e2e server: the built Worker with its demo data (scripts/lib/e2e-server.mjs)');
  server = await startE2eServer().catch((err) => void console.error(err.message));
  took.push(['e2e server', performance.now() - t0]);
  if (!server) failed = 'e2e server';
  else {
    const held = [];
    await Promise.all([lane([E2E]), lane([INTEROP], held)]);
    process.stdout.write(held.join(''));
    await server.stop();
    server = null;
    if (failed) console.log(`\nWhat the Worker said during the tests: ${SERVER_LOG}`);
  }
}
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
