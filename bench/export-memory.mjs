// `npm run bench:export`: the whole-wallet export of issue 22 on the built Worker (wrangler dev over its
// own D1/R2 in .wrangler/export-bench), with the figures the issue asks for: total time, ZIP size and
// the Worker isolate's peak JavaScript heap while the export is built. The heap is read through the
// runtime's inspector (Chrome DevTools Protocol, Runtime.getHeapUsage), see the sampler: that is the
// isolate memory Cloudflare's 128 MB limit is about, unlike the process RSS, which also holds the
// local D1 (SQLite), R2 and the runtime itself. The wallet: 1,000 badges issued here (one award
// through the issuer API, copied 999 times by SQL so the fixture takes seconds) and 20 certificates
// issued through the issuer API, their PDFs printed by the queue before the export starts.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { inspector, sleep, until } from './inspector.mjs';
import { startWorker } from '../scripts/lib/built-worker.mjs';
import { walletFixture } from './wallet-fixture.mjs';

const PORT = 8815;
const INSPECTOR = 9245;
const PERSIST = '.wrangler/export-bench';
const BADGES = 1000;
const CERTIFICATES = 20;

rmSync(PERSIST, { recursive: true, force: true });
execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', PERSIST], {
  stdio: 'ignore',
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
});
const worker = await startWorker(PORT, [], ['--persist-to', PERSIST, '--inspector-port', String(INSPECTOR)]);
try {
  const { cookie } = await walletFixture(worker.base, {
    badges: BADGES,
    imageBytes: 64 * 1024,
    certificates: CERTIFICATES,
  });
  const headers = { 'content-type': 'application/json', cookie, 'sec-fetch-site': 'same-origin' };
  const call = async (path) =>
    (
      await fetch(`${worker.base}/api/v1.0/openbadge/v2/Wallet/Export/${path}`, { method: 'POST', headers, body: '{}' })
    ).json();
  const devtools = await inspector(INSPECTOR);
  const idle = await devtools.call('Runtime.getHeapUsage');
  let peak = idle.usedSize;
  let peakLive = idle.usedSize;
  let sampling = true;
  // Two readings: the heap as it is every 50 ms (live objects plus garbage V8 has not collected yet,
  // which a heap under pressure would collect sooner), and once a second after a forced collection
  // (what the export really holds at that moment).
  const sampler = (async () => {
    for (let i = 0; sampling; i++) {
      if (i % 20 === 19) {
        await devtools.call('HeapProfiler.collectGarbage');
        peakLive = Math.max(peakLive, (await devtools.call('Runtime.getHeapUsage')).usedSize);
      } else peak = Math.max(peak, (await devtools.call('Runtime.getHeapUsage')).usedSize);
      await sleep(50);
    }
  })();
  const t0 = performance.now();
  const started = await call('Start');
  let state = started.export;
  await until('the export', async () => {
    state = (await call('Status')).export;
    return state?.status === 'ready' || state?.status === 'failed';
  });
  const seconds = (performance.now() - t0) / 1000;
  sampling = false;
  await sampler;
  devtools.close();
  const zip = await fetch(`${worker.base}/api/v1.0/openbadge/v2/Wallet/Export/Download/${state.id}`, {
    headers: { cookie },
  });
  const bytes = (await zip.arrayBuffer()).byteLength;
  const mb = (n) => `${(n / 1048576).toFixed(1)} MB`;
  const result = {
    at: new Date().toISOString(),
    badges: BADGES,
    certificates: CERTIFICATES,
    status: state.status,
    seconds: Math.round(seconds * 10) / 10,
    zipBytes: bytes,
    heapIdleBytes: idle.usedSize,
    heapPeakBytes: Math.max(peak, peakLive),
    heapPeakLiveBytes: peakLive,
  };
  console.log(
    `export of ${BADGES} badges + ${CERTIFICATES} certificates: ${state.status} in ${result.seconds} s, ZIP ${mb(bytes)}; ` +
      `isolate heap ${mb(idle.usedSize)} before; while building, peak ${mb(Math.max(peak, peakLive))} ` +
      `(garbage included), peak live ${mb(peakLive)} (after a forced collection each second); limit 128 MB`,
  );
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/export.json', JSON.stringify(result, null, 2));
} finally {
  worker.stop();
}
