// `npm test`: every test, one stage after another, stopping at the first that fails; at the end
// (passed or not) a table of each stage's wall time, so a slow stage shows at once (issue 34).
// Each stage is also an npm script of its own: `npm run check`, `npm run test:vitest`, ...
import { spawnSync } from 'node:child_process';

const STAGES = [
  ['check', ['run', 'check']],
  ['vitest', ['run', 'test:vitest']],
  ['chromium', ['run', 'test:chromium']],
  ['build', ['run', 'build']],
  ['deploy check', ['run', 'deploy:check']],
  ['e2e', ['run', 'test:playwright']],
];

const took = [];
let failed = null;
const started = performance.now();
for (const [name, args] of STAGES) {
  const t0 = performance.now();
  console.log(`\n== ${name}: npm ${args.join(' ')}`);
  const run = spawnSync('npm', args, { stdio: 'inherit' });
  took.push([name, performance.now() - t0]);
  if (run.status !== 0) {
    failed = name;
    break;
  }
}
took.push(['whole command', performance.now() - started]);

const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
};
console.log('\nWall time of each stage:');
for (const [name, ms] of took) console.log(`  ${name.padEnd(14)} ${clock(ms).padStart(8)}`);
if (failed) {
  console.log(`\nThe ${failed} stage failed; the stages after it did not run.`);
  process.exit(1);
}
