// `npm run bench:import`: the whole-wallet import (issue 22, bounded by issue 33 item 6) on the built
// Worker (wrangler dev over its own D1/R2 in .wrangler/import-bench), with the Worker isolate's peak
// memory during each of three imports, read through the runtime's inspector (bench/inspector.mjs):
// (a) the bomb of issue 33, 24 badge files of 8 MiB each at about 88:1 (2.3 MB), sent by its
// owner; (b) a normal export of 1,000 badges issued here (2 KB images, so the ZIP fits the import's
// 15 MiB), imported by the account its address has moved to, as the tests do; (c) the largest upload
// the import takes, 14 baked-image files of 1 MiB (real PNGs, not baked), read and refused one by one.
// Each import starts after a forced collection and is sampled every 2 ms and once just after its
// answer: the peak counts garbage V8 has not collected yet (it defers collection while memory is
// plentiful), so it bounds what an import holds from above; one reading in ten follows a forced
// collection (live). Also the workerd process's peak RSS over the import, the figure the issue
// measured (0.7 to 1.4 GB of growth for the bomb, before).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';
import { devBatch } from '../scripts/lib/dev-sql.mjs';
import { collectGarbage, inspector, resetPeak, rss, sleep, until, workerdOf } from './inspector.mjs';
import { makePng } from './png.mjs';
import { startWorker } from '../scripts/lib/built-worker.mjs';
import { benchAccount, walletFixture } from './wallet-fixture.mjs';

const PORT = 8816;
const INSPECTOR = 9246;
const PERSIST = '.wrangler/import-bench';
const BADGES = 1000;
const MiB = 1024 * 1024;
const mb = (n) => `${(n / 1048576).toFixed(1)} MB`;

/**
 * A ZIP of entries as an attacker writes them: `deflated` bytes (or stored, method 0) under the size
 * they declare. The export's own writer lives in the Worker (src/server/export/zip.ts).
 */
function craftedZip(entries) {
  const parts = [];
  const centrals = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const head = (local) => {
      const at = local ? 0 : 2;
      const b = Buffer.alloc((local ? 30 : 46) + name.length);
      b.writeUInt32LE(local ? 0x04034b50 : 0x02014b50, 0);
      b.writeUInt16LE(20, 4 + at);
      b.writeUInt16LE(0x0800, 6 + at);
      b.writeUInt16LE(e.method, 8 + at);
      b.writeUInt32LE(e.crc, 14 + at);
      b.writeUInt32LE(e.body.length, 18 + at);
      b.writeUInt32LE(e.size, 22 + at);
      b.writeUInt16LE(name.length, 26 + at);
      if (!local) b.writeUInt32LE(offset, 42);
      name.copy(b, local ? 30 : 46);
      return b;
    };
    parts.push(head(true), e.body);
    centrals.push(head(false));
    offset += 30 + name.length + e.body.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, central, end]);
}

/** The bomb of issue 33 (as tests/integration/export-import-limits.test.ts builds it). */
function issueBomb() {
  const text = Buffer.alloc(8 * MiB, 0x20);
  let s = 1;
  for (let i = 0; i < text.length; i += 190) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    text[i] = 48 + ((s >>> 16) % 10);
  }
  const body = deflateRawSync(text);
  const entry = { method: 8, body, size: text.length, crc: crc32(text) };
  return craftedZip(Array.from({ length: 24 }, (_, i) => ({ ...entry, name: `imported/b${i}/credential-ob3.json` })));
}

/** The largest upload: 14 real PNGs of 1 MiB, stored as the export stores images. */
function largestUpload() {
  return craftedZip(
    Array.from({ length: 14 }, (_, i) => {
      const png = makePng(MiB - 200 + i);
      return { name: `badges/p${i}/badge-baked.png`, method: 0, body: png, size: png.length, crc: crc32(png) };
    }),
  );
}

/** One import, its answer, and the isolate's (and the process's) memory while it ran. */
async function measure(devtools, pid, base, cookie, zip) {
  await collectGarbage(devtools, base);
  const idle = await devtools.call('Runtime.getHeapUsage');
  const sum = (u) => u.usedSize + (u.backingStorageSize ?? 0);
  const peak = { used: idle.usedSize, backing: idle.backingStorageSize ?? 0, total: sum(idle), live: sum(idle) };
  let samples = 0;
  const take = (u, live) => {
    peak.used = Math.max(peak.used, u.usedSize);
    peak.backing = Math.max(peak.backing, u.backingStorageSize ?? 0);
    peak.total = Math.max(peak.total, sum(u));
    if (live) peak.live = Math.max(peak.live, sum(u));
    samples += 1;
  };
  const rssIdle = pid ? rss(pid).now : NaN;
  const peakReset = pid ? resetPeak(pid) : false;
  const body = JSON.stringify({ zip: Buffer.from(zip).toString('base64') });
  const t0 = performance.now();
  const answered = fetch(`${base}/api/v1.0/openbadge/v2/Wallet/Export/Import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'sec-fetch-site': 'same-origin' },
    body,
  }).then(async (res) => ({ res, json: await res.json(), ms: Math.round(performance.now() - t0) }));
  let sampling = true;
  void answered.finally(() => (sampling = false));
  const sampler = (async () => {
    for (let i = 1; sampling; i++) {
      // One reading in ten after a forced collection, if it ran before the answer (it runs when
      // the isolate next wakes): what the import really holds then.
      const live =
        i % 10 === 0 &&
        (await Promise.race([
          devtools.call('HeapProfiler.collectGarbage').then(() => true),
          answered.then(() => false),
        ]));
      take(await devtools.call('Runtime.getHeapUsage'), live);
      await sleep(2);
    }
  })();
  const { res, json, ms } = await answered;
  await sampler;
  take(await devtools.call('Runtime.getHeapUsage'), false);
  const answer = json.errors?.length ? json.errors[0].code : JSON.stringify(json);
  return {
    http: res.status,
    answer,
    ms,
    zipBytes: zip.length,
    heapIdleBytes: sum(idle),
    heapPeakBytes: peak.total,
    heapPeakUsedBytes: peak.used,
    heapPeakBackingBytes: peak.backing,
    heapPeakLiveBytes: peak.live,
    samples,
    rssIdleBytes: rssIdle,
    rssPeakBytes: pid && peakReset ? rss(pid).peak : null,
  };
}

rmSync(PERSIST, { recursive: true, force: true });
execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', PERSIST], {
  stdio: 'ignore',
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
});
const worker = await startWorker(PORT, [], ['--persist-to', PERSIST, '--inspector-port', String(INSPECTOR)]);
try {
  const base = worker.base;
  const owner = await walletFixture(base, { badges: BADGES, imageBytes: 2048, certificates: 0 });
  const call = async (path) =>
    (
      await fetch(`${base}/api/v1.0/openbadge/v2/Wallet/Export/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
        body: '{}',
      })
    ).json();
  let state = (await call('Start')).export;
  await until('the export', async () => {
    state = (await call('Status')).export;
    return state?.status === 'ready' || state?.status === 'failed';
  });
  const download = await fetch(`${base}/api/v1.0/openbadge/v2/Wallet/Export/Download/${state.id}`, {
    headers: { cookie: owner.cookie },
  });
  const exported = new Uint8Array(await download.arrayBuffer());
  // The address moves to a new account, as when a person closes one account and opens another.
  const heir = await benchAccount(base, 'import-bench');
  await devBatch(base, [
    { sql: 'DELETE FROM account_emails WHERE account_id = ?', params: [owner.accountId] },
    {
      sql: 'UPDATE account_emails SET email = ?, email_normalized = ? WHERE account_id = ?',
      params: [owner.email, owner.email, heir.accountId],
    },
  ]);
  const third = await benchAccount(base, 'import-bench-large');
  const devtools = await inspector(INSPECTOR);
  const pid = workerdOf(PORT);
  const cases = {
    bomb: await measure(devtools, pid, base, owner.cookie, issueBomb()),
    export1000: await measure(devtools, pid, base, heir.cookie, exported),
    largest: await measure(devtools, pid, base, third.cookie, largestUpload()),
  };
  devtools.close();
  const lines = Object.entries(cases).map(
    ([name, c]) =>
      `${name}: ZIP ${mb(c.zipBytes)}, ${c.http} ${c.answer} in ${c.ms} ms; isolate ${mb(c.heapIdleBytes)} idle, ` +
      `peak ${mb(c.heapPeakBytes)} (heap ${mb(c.heapPeakUsedBytes)} + ArrayBuffers ${mb(c.heapPeakBackingBytes)} ` +
      `at most), live ${mb(c.heapPeakLiveBytes)} at most after forced collections (${c.samples} readings); workerd RSS ${mb(c.rssIdleBytes)} before, ` +
      `${c.rssPeakBytes === null ? 'peak not readable' : `peak ${mb(c.rssPeakBytes)}`}`,
  );
  console.log(`import (limit 128 MB per isolate):\n${lines.join('\n')}`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/import.json',
    JSON.stringify({ at: new Date().toISOString(), badges: BADGES, exportStatus: state.status, cases }, null, 2),
  );
} finally {
  worker.stop();
}
