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
import { devSql } from '../scripts/lib/dev-sql.mjs';
import { issuerApi as api } from '../scripts/lib/issuer-api.mjs';
import { registerAndActivate } from '../scripts/lib/register.mjs';
import { makePng } from './png.mjs';
import { startWorker } from './server.mjs';

const PORT = 8815;
const INSPECTOR = 9245;
const PERSIST = '.wrangler/export-bench';
const ADMIN = 'lanyard-dev-admin-token';
const BADGES = 1000;
const CERTIFICATES = 20;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(what, check, ms = 600_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A DevTools Protocol session on the Worker's isolate (wrangler's inspector proxy). */
async function inspector() {
  const targets = await (await fetch(`http://127.0.0.1:${INSPECTOR}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) throw new Error('no inspectable Worker');
  // The inspector proxy refuses a socket without a local Origin (its DNS-rebinding guard); Node's
  // WebSocket (undici) takes extra headers in its second argument.
  const ws = new globalThis.WebSocket(target.webSocketDebuggerUrl, { headers: { origin: 'http://127.0.0.1' } });
  await new Promise((resolve, reject) => ((ws.onopen = resolve), (ws.onerror = reject)));
  let next = 1;
  const waiting = new Map();
  ws.onmessage = (e) => {
    const msg = JSON.parse(String(e.data));
    waiting.get(msg.id)?.(msg.result);
    waiting.delete(msg.id);
  };
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { call, close: () => ws.close() };
}

async function fixture(base) {
  const tag = Date.now().toString(36);
  const email = `export-bench-${tag}@example.test`;
  const password = 'Bench#Export2024';
  await registerAndActivate(base, { email, password, firstName: 'Export', lastName: 'Bench' });
  const { api_key: key } = await api(base, '/issuers', ADMIN, {
    name: 'Bench University',
    url: 'https://bench.example',
    email: 'b@bench.example',
  });
  const { badge_class_id: bc } = await api(base, '/badge-classes', key, {
    name: 'Bench',
    description: 'Bench badge.',
    criteria_narrative: 'Run it.',
    image: makePng(64 * 1024).toString('base64'),
  });
  const { assertions } = await api(base, '/awards', key, { badge_class_id: bc, recipients: [email] });
  const first = assertions[0].assertion_id;
  const [{ account_id: accountId }] = await devSql(
    base,
    'SELECT account_id FROM account_emails WHERE email_normalized = ?',
    [email],
  );
  await devSql(base, 'UPDATE assertions SET account_id = ?, accept_status = 2 WHERE id = ?', [accountId, first]);
  const columns = `badge_class_id, issuer_id, recipient_email, recipient_email_normalized, recipient_salt, recipient_hash,
    account_id, accept_status, is_public, is_hidden, verification_type, is_blockchain, narrative, evidence_json, issued_on,
    expires_at, revoked_at, revoked_reason, deleted_by_owner_at, deleted_by_issuer_at, reissued_from, accepted_at, created_at, updated_at`;
  await devSql(
    base,
    `INSERT INTO assertions (id, ${columns})
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BADGES - 1})
     SELECT 'xb-${tag}-' || i, ${columns} FROM n, assertions WHERE assertions.id = ?`,
    [first],
  );
  const { cert_template_id: templateId } = await api(base, '/cert-templates', key, {
    name: `diploma ${tag}`,
    kind: 'diploma',
    languages: ['en', 'ja'],
    headings: { en: 'Diploma', ja: '学位記' },
    signer_name: 'Taro Suzuki',
    signer_title: 'President',
  });
  for (let i = 0; i < CERTIFICATES; i++)
    await api(base, '/acad-docs', key, {
      template_id: templateId,
      recipient: email,
      name: 'Export Bench',
      title: `Certificate ${i + 1}`,
      details: { Major: 'Information Engineering' },
    });
  await until('the certificates’ PDFs', async () => {
    const [{ n }] = await devSql(
      base,
      "SELECT COUNT(*) AS n FROM acad_docs WHERE account_id = ? AND pdf_state = 'ready'",
      [accountId],
    );
    return n >= CERTIFICATES;
  });
  const login = await fetch(`${base}/api/v1.0/account/Wallet/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  return { cookie };
}

rmSync(PERSIST, { recursive: true, force: true });
execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', PERSIST], {
  stdio: 'ignore',
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
});
const worker = await startWorker(PORT, [], ['--persist-to', PERSIST, '--inspector-port', String(INSPECTOR)]);
try {
  const { cookie } = await fixture(worker.base);
  const headers = { 'content-type': 'application/json', cookie, 'sec-fetch-site': 'same-origin' };
  const call = async (path) =>
    (
      await fetch(`${worker.base}/api/v1.0/openbadge/v2/Wallet/Export/${path}`, { method: 'POST', headers, body: '{}' })
    ).json();
  const devtools = await inspector();
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
