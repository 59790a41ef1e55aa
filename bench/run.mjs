// `npm run bench`: for each target, latency (p50/p99) with one connection, where queueing does not
// hide the cost of a request, and throughput (req/s) with ten connections; every figure is also
// given as a ratio to the static-asset baseline measured in the same run.
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { startWorker } from './server.mjs';
import { TARGETS } from './targets.mjs';

const PORT = 8790;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);

function run(url, duration, connections) {
  return new Promise((resolve, reject) => {
    autocannon({ url, duration, connections, headers: { 'accept-language': 'en' } }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

const worker = await startWorker(PORT);
const rows = [];
try {
  for (const target of TARGETS) {
    const url = `${worker.base}${target.path}`;
    await run(url, 2, 4); // warm-up: isolate, module graph, D1
    const lat = await run(url, SECONDS, 1);
    const thr = await run(url, SECONDS, 10);
    rows.push({
      name: target.name,
      path: target.path,
      p50: lat.latency.p50,
      p99: lat.latency.p99,
      rps: thr.requests.average,
      errors: lat.errors + thr.errors,
    });
  }
} finally {
  worker.stop();
}

const base = rows[0];
const ratio = (a, b) => (a / Math.max(b, 0.5)).toFixed(2);
console.log(`\nlatency: 1 connection; throughput: 10 connections; ${SECONDS} s each; ratios against "${base.name}"\n`);
console.log(
  'target'.padEnd(32),
  'p50 ms'.padStart(7),
  'p99 ms'.padStart(7),
  'p99 ×base'.padStart(10),
  'req/s'.padStart(7),
  'req/s ×base'.padStart(12),
);
for (const r of rows) {
  console.log(
    r.name.padEnd(32),
    String(r.p50).padStart(7),
    String(r.p99).padStart(7),
    ratio(r.p99, base.p99).padStart(10),
    r.rps.toFixed(0).padStart(7),
    (r.rps / base.rps).toFixed(2).padStart(12),
  );
}
if (rows.some((r) => r.errors > 0)) console.log('\nwarning: some requests failed at the socket level');
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/latest.json',
  JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, rows }, null, 2),
);
