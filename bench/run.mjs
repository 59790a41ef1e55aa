// `npm run bench`: for each target, latency (p50/p99) with one connection, where queueing does not
// hide the cost of a request, and throughput (req/s) with ten connections; every figure is also
// given as a ratio to the static-asset baseline measured in the same run.
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { registerAndActivate } from '../scripts/lib/register.mjs';
import { bulkAward, issuingFixture } from './issuing.mjs';
import { startWorker } from '../scripts/lib/built-worker.mjs';
import { TARGETS } from './targets.mjs';
import { notificationFigures } from './notifications.mjs';
import { discoveryFigures } from './discovery.mjs';
import { settingsFigures } from './settings.mjs';
import { portalFigures } from './portal.mjs';
import { twoStepFigures } from './two-step.mjs';
import { passkeyFigures } from './passkeys.mjs';
import { hostedVerification, signedVerification, startIssuers } from './verify.mjs';
import { blockcertsFixture, blockcertsVerification } from './blockcerts.mjs';
import { clrHoldFigures, clrIssueFigures, clrVerification } from './clr.mjs';
import { ob3Verification } from './ob3.mjs';
import { ob3IssueFigures } from './ob3-issue.mjs';
import { acadPdfFigures } from './acad-pdf.mjs';
import { anchoringFigures } from './anchoring.mjs';
import { acadDocsFixture } from './acaddocs.mjs';
import { findListTiming, firstShareRenders, pageRenderTiming, storedShareTiming, walletFixture } from './wallet.mjs';
import { CACHE_HEADER, cacheSeen, cacheTargets, discoveryFixture, publicPages } from './public-pages.mjs';
import { checkGoals, printGoals } from './goals.mjs';

const PORT = 8790;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
// BENCH_ONLY=regex measures the matching targets (and the baseline) and skips the bulk award.
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;

/** The first unexpected answer per target URL, so a failing target explains itself. */
const firstFailure = new Map();

/** `seen` (optional) counts the answers' x-lanyard-cache values (issue 23: hit, miss, bypass). */
function run(url, duration, connections, request = {}, seen = null) {
  const onResponse = (status, body, _context, headers) => {
    if (status >= 300 && !firstFailure.has(url)) firstFailure.set(url, `${status} ${String(body).slice(0, 160)}`);
    if (seen) {
      const value = headers?.[CACHE_HEADER] ?? 'none';
      seen[value] = (seen[value] ?? 0) + 1;
    }
  };
  const options = {
    url,
    duration,
    connections,
    method: request.method ?? 'GET',
    headers: { 'accept-language': 'en', ...request.headers },
    ...(request.body ? { body: request.body } : {}),
    requests: [{ onResponse }],
  };
  return new Promise((resolve, reject) => autocannon(options, (err, res) => (err ? reject(err) : resolve(res))));
}

// Stand-in issuers for the verification figures; each answer of the slow one takes 40 ms.
const issuers = await startIssuers(40);
// Blockcerts (issue 19): a local node (anvil) and a stand-in issuer, with credentials anchored on it.
const chain = !ONLY || ONLY.test('blockcerts') ? await blockcertsFixture() : null;
const worker = await startWorker(
  PORT,
  [
    `OUTBOUND_TEST_ALLOW:${[new URL(issuers.slow.base).host, new URL(issuers.fast.base).host, ...(chain?.hosts ?? [])].join(',')}`,
    ...(chain?.vars ?? []),
  ],
  // BENCH_PERSIST_TO: a local D1/R2 state of its own (migrated beforehand), apart from npm start's.
  process.env.BENCH_PERSIST_TO ? ['--persist-to', process.env.BENCH_PERSIST_TO] : [],
);
const rows = [];
let bulk;
let renders;
let stored;
let pageRender;
let hosted;
let signed;
let blockcerts;
let ob3;
let clr;
let clrIssue;
let clrHold;
let ob3Issue;
let settings;
let portal;
let twoStep;
let passkey;
let bell;
let acadPdf;
let acad;
let acadPageRender;
let findList;
try {
  if (!ONLY || ONLY.test('verification')) {
    hosted = await hostedVerification(worker.base, issuers);
    signed = await signedVerification(worker.base, issuers);
  }
  if (chain) blockcerts = await blockcertsVerification(worker.base, chain);
  // Issue 21: an OB 3.0 credential (eddsa-rdfc-2022, did:key issuer), each distinct, verified once.
  if (!ONLY || ONLY.test('ob3')) ob3 = await ob3Verification(worker.base);
  // Issue 38: a CLR 2.0 record of 40 course credentials from 3 schools (did:key: no key to fetch).
  if (!ONLY || ONLY.test('clr')) clr = await clrVerification(worker.base);
  const fixture = await issuingFixture(worker.base);
  // Issue 21: issuing's OB 3.0 form (award with its status slot, first signing, kept copy, re-signed list).
  if (!ONLY || ONLY.test('ob3 issue')) ob3Issue = await ob3IssueFigures(worker.base, fixture);
  // Issue 38: a 40-course transcript issued, then its CLR 2.0 record built and signed, then kept.
  if (!ONLY || ONLY.test('clr issue')) clrIssue = await clrIssueFigures(worker.base, fixture);
  // Issue 38: a learner record of 40 courses held from elsewhere (verified, each course too, kept).
  if (!ONLY || ONLY.test('clr hold')) clrHold = await clrHoldFigures(worker.base);
  if (!ONLY || ONLY.test('settings')) settings = await settingsFigures(worker.base, fixture);
  if (!ONLY || ONLY.test('portal')) portal = await portalFigures(worker.base);
  // Issue 22: sign-in with an authenticator-app code (password step + code step).
  if (!ONLY || ONLY.test('two-step')) twoStep = await twoStepFigures(worker.base);
  // Issue 22: sign-in with a passkey alone (options + signed answer, a software passkey in node).
  if (!ONLY || ONLY.test('passkey')) passkey = await passkeyFigures(worker.base);
  if (!ONLY || ONLY.test('notifications')) bell = await notificationFigures(worker.base);
  if (!ONLY || ONLY.test('acaddoc pdf')) acadPdf = await acadPdfFigures(worker.base);
  const targets = [
    ...TARGETS,
    { name: 'hosted assertion (JSON-LD)', path: `/api/v1.0/openBadge/v2/Assertion/${fixture.assertionId}` },
    { name: 'baked PNG (256 KB class image)', path: `/api/v1.0/openBadge/v2/Assertion/${fixture.assertionId}/image` },
  ];
  // Login with Argon2id (m = 19 MiB, t = 2): an account made through registration, then POST /Login.
  const email = `bench-${Date.now().toString(36)}@example.test`;
  await registerAndActivate(worker.base, { email, password: 'Bench#Pass2024', firstName: 'Bench', lastName: 'User' });
  targets.push({
    name: 'login (Argon2id)',
    path: '/api/v1.0/account/Wallet/Login',
    request: {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Bench#Pass2024' }),
    },
  });
  const w = await walletFixture(worker.base, fixture);
  targets.push(
    {
      name: 'FindList (1,000 of 100,000)',
      path: '/api/v1.0/openbadge/v2/Wallet/FindList',
      request: {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: w.cookie, 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ sort: '-IssuedOn', page: 3 }),
      },
    },
    {
      name: 'PDF certificate',
      path: '/api/v1.0/openbadge/v2/Wallet/Download/pdf',
      request: {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: w.cookie, 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ assertion_id: w.publicId }),
      },
    },
  );
  // Certificates (issue 18): the list of an account's 200 among 100,000, and the public page.
  const ACAD_LIST = 'certificate list (FindListForAcadDoc, 200 of 100k)';
  const ACAD_PAGE = 'public certificate page';
  if (!ONLY || ONLY.test(ACAD_LIST) || ONLY.test(`${ACAD_PAGE}, cache hit`) || ONLY.test(`${ACAD_PAGE}, cache miss`)) {
    acad = await acadDocsFixture(worker.base);
    const acadPage = `/ns/portal/openbadge/public/acaddocs/detail/${acad.publicId}`;
    targets.push({
      name: ACAD_LIST,
      path: '/api/v1.0/openbadge/v2/AdAssertion/FindListForAcadDoc',
      request: {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: acad.cookie, 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ paging: { page: 1, per_page: 20 }, sort: 'issuer_name' }),
      },
    });
    acadPageRender = await pageRenderTiming(worker.base, acadPage);
  }
  // Issue 23: every public page and the share image, answered by the edge cache and rendered past it.
  const found = await discoveryFixture(worker.base, fixture);
  targets.push(...cacheTargets(publicPages({ ...w, ...found, acadId: acad?.publicId, recordId: clrHold?.publicId })));
  if (!ONLY || ONLY.test('FindList')) findList = await findListTiming(worker.base, w.cookie);
  renders = await firstShareRenders(worker.base, w.publicId);
  stored = await storedShareTiming(worker.base, w.publicId);
  pageRender = await pageRenderTiming(worker.base, `/ns/portal/openbadge/public/assertions/detail/${w.publicId}`);
  for (const target of targets) {
    if (ONLY && target !== targets[0] && !ONLY.test(target.name)) continue;
    const url = `${worker.base}${target.path}`;
    await run(url, 2, 4, target.request); // warm-up: isolate, module graph, D1 (and the edge cache)
    const seen = target.cache ? {} : null;
    const lat = await run(url, SECONDS, 1, target.request, seen);
    const thr = await run(url, SECONDS, 10, target.request, seen);
    rows.push({
      name: target.name,
      path: target.path,
      ...(target.cache ? { cache: target.cache, seen } : {}),
      p50: lat.latency.p50,
      p99: lat.latency.p99,
      rps: thr.requests.average,
      errors: lat.errors + thr.errors,
      non2xx: lat.non2xx + thr.non2xx,
    });
  }
  if (!ONLY) bulk = await bulkAward(worker.base, fixture);
} finally {
  worker.stop();
  await chain?.stop();
  issuers.slow.server.close();
  issuers.fast.server.close();
}
// Its own Worker over its own D1 of 1,000,000 public assertions, after the main Worker has stopped.
const discovery = !ONLY || ONLY.test('discovery') ? await discoveryFigures(PORT + 2) : null;
// The nightly Blockcerts batch at 10,000 credentials (issue 19): its own Worker, D1 and anvil.
const anchoring = !ONLY || ONLY.test('anchoring') ? await anchoringFigures(PORT + 3) : null;
const baking = JSON.parse(execFileSync('npx', ['tsx', 'bench/baking.ts'], { encoding: 'utf8' }));

const base = rows[0];
const ratio = (a, b) => (a / Math.max(b, 0.5)).toFixed(2);
console.log(`\nlatency: 1 connection; throughput: 10 connections; ${SECONDS} s each; ratios against "${base.name}"\n`);
const width = Math.max(32, ...rows.map((r) => r.name.length));
console.log(
  'target'.padEnd(width),
  'p50 ms'.padStart(7),
  'p99 ms'.padStart(7),
  'p99 ×base'.padStart(10),
  'req/s'.padStart(7),
  'req/s ×base'.padStart(12),
  ' x-lanyard-cache',
);
for (const r of rows) {
  console.log(
    r.name.padEnd(width),
    String(r.p50).padStart(7),
    String(r.p99).padStart(7),
    ratio(r.p99, base.p99).padStart(10),
    r.rps.toFixed(0).padStart(7),
    (r.rps / base.rps).toFixed(2).padStart(12),
    r.seen ? ` ${cacheSeen(r.seen)}` : '',
  );
}
// Issue 23: each goal as pass/FAIL next to its figure and ratio (bench/goals.mjs), kept in latest.json.
const goals = checkGoals(rows);
printGoals(goals, base);
// What any answer the Worker makes costs here beyond a static asset (which never reaches it): the
// floor under every hit goal, so a hit near it is as fast as this machine lets a Worker answer.
const floors = rows.filter((r) => /^(version\.json|health) \(/.test(r.name));
if (goals.length && floors.length)
  console.log(
    `\nWorker floors in this run: ${floors.map((r) => `${r.name} p99 ${r.p99} ms (${ratio(r.p99, base.p99)}x)`).join('; ')}`,
  );
if (findList)
  console.log(
    `\nFindList, where the time goes (${findList.count} requests): client p50 ${findList.client.p50} / p99 ${findList.client.p99} ms; Worker (Server-Timing total) p50 ${findList.app.p50} / p99 ${findList.app.p99} ms; the list's D1 batch (list) p50 ${findList.list.p50} / p99 ${findList.list.p99} ms`,
  );
console.log(
  `\nshare image, first render (${renders.count} badges, client-timed): p50 ${renders.p50} ms, p90 ${renders.p90} ms, max ${renders.max} ms` +
    (renders.rpc
      ? `; of it the renderer's service binding (Server-Timing rpc): p50 ${renders.rpc.p50} ms, p90 ${renders.rpc.p90} ms, max ${renders.rpc.max} ms`
      : ''),
);
console.log(`share image, stored (server time, ${stored.count} requests): p50 ${stored.p50} ms, p99 ${stored.p99} ms`);
console.log(
  `public badge page, render (server time, ${pageRender.count} requests): p50 ${pageRender.p50} ms, p99 ${pageRender.p99} ms`,
);
if (hosted)
  console.log(
    `hosted verification (${hosted.count}, issuer answers in ${hosted.delay} ms): wall p50 ${hosted.wall} ms (p90 ${hosted.wallP90}), sum of the 3 sequential fetches ${hosted.sum} ms, ratio ${hosted.ratio}`,
  );
if (signed)
  console.log(
    `signed verification, key cached (${signed.count} distinct badges): server p50 ${signed.serverP50} ms, p99 ${signed.serverP99} ms; client p50 ${signed.p50} ms, p99 ${signed.p99} ms`,
  );
if (ob3Issue) {
  const f = (x) => `p50 ${x.p50} ms, p99 ${x.p99} ms (${x.count})`;
  console.log(`OB 3.0 issuing: award of one (with its status slot) ${f(ob3Issue.award)}`);
  if (ob3Issue.first)
    console.log(
      `OB 3.0 credential: first read (built + signed) ${f(ob3Issue.first)}; kept copy ${f(ob3Issue.kept)}; status list re-signed after a revocation ${f(ob3Issue.resign)}`,
    );
}
if (ob3)
  console.log(
    `OB 3.0 verification, eddsa-rdfc-2022 + did:key (${ob3.count} distinct credentials; first ${ob3.first} ms): server p50 ${ob3.serverP50} ms, p90 ${ob3.serverP90} ms, p99 ${ob3.serverP99} ms; client p50 ${ob3.p50} ms, p90 ${ob3.p90} ms, p99 ${ob3.p99} ms`,
  );
if (clrIssue) {
  const f = (x) => `p50 ${x.p50} ms, p99 ${x.p99} ms (${x.count})`;
  console.log(
    `CLR 2.0 issuing, 40-course transcript, one at a time: issue (row, status slot, PDF job, mail) ${f(clrIssue.issue)}; issued until its print job has run (the PDF printed, the record of 40 courses signed and attached, ${clrIssue.bytes} bytes) ${f(clrIssue.ready)}; the record read then (kept) ${f(clrIssue.kept)}`,
  );
}
if (clrHold) {
  const f = (x) => `p50 ${x.p50} ms, p99 ${x.p99} ms (${x.count})`;
  console.log(
    `CLR 2.0 holding (AddBadge), a distinct 40-course record from 3 did:key schools each time: server ${f(clrHold.server)}; client ${f(clrHold.client)}`,
  );
}
if (clr)
  console.log(
    `CLR 2.0 verification, 40 nested credentials from 3 did:key schools (${clr.count} distinct records of ${clr.bytes} bytes; first ${clr.first} ms): server p50 ${clr.serverP50} ms, p90 ${clr.serverP90} ms, p99 ${clr.serverP99} ms; client p50 ${clr.p50} ms (${ratio(clr.p50, base.p50)}x the baseline's p50), p99 ${clr.p99} ms (${ratio(clr.p99, base.p99)}x the baseline's p99)`,
  );
if (blockcerts)
  console.log(
    `Blockcerts verification against the local node (${blockcerts.count} distinct credentials): server p50 ${blockcerts.serverP50} ms, p99 ${blockcerts.serverP99} ms; client p50 ${blockcerts.p50} ms, p99 ${blockcerts.p99} ms`,
  );
if (settings) {
  for (const r of settings.rows)
    console.log(`settings ${r.path} (${settings.count} requests, client-timed): p50 ${r.p50} ms, p99 ${r.p99} ms`);
  console.log(
    `merge of two accounts with 500 badges each: one request, ${settings.merge.ms} ms (password check included); ${settings.merge.badgesAfter} badges after`,
  );
}
if (portal) {
  const line = (x) => `p50 ${x.p50} ms, p99 ${x.p99} ms (p99 ${ratio(x.p99, base.p99)}x the baseline)`;
  const worker = (x) => `Worker (Server-Timing) p50 ${x.p50} ms, p99 ${x.p99} ms`;
  console.log(
    `portal sign-in round trip, Lanyard's side (login redirect + callback with the code exchange at the local portal; ${portal.rounds} sign-ins): client ${line(portal.roundTrip)}; ${worker(portal.roundTripServer)}; callback alone, client ${line(portal.callback)}`,
  );
  console.log(
    `GetApiAccessToken.ashx with a live portal session (${portal.tokens} requests): client ${line(portal.token)}; ${worker(portal.tokenServer)}`,
  );
}
if (twoStep) {
  const line = (x) => `p50 ${x.p50} ms, p99 ${x.p99} ms (p99 ${ratio(x.p99, base.p99)}x the baseline)`;
  console.log(
    `two-step sign-in with an app code (${twoStep.rounds} sign-ins, client-timed): password + code ${line(twoStep.whole)}; code step alone ${line(twoStep.second)}; Worker (Server-Timing): password + code p50 ${twoStep.wholeServer.p50} ms, p99 ${twoStep.wholeServer.p99} ms, code step p50 ${twoStep.secondServer.p50} ms, p99 ${twoStep.secondServer.p99} ms`,
  );
}
if (passkey) {
  const line = (x) => `p50 ${x.p50} ms, p99 ${x.p99} ms (p99 ${ratio(x.p99, base.p99)}x the baseline)`;
  const worker = (x) => `p50 ${x.p50} ms, p99 ${x.p99} ms`;
  console.log(
    `passkey sign-in (${passkey.rounds} sign-ins, a software ES256 passkey; client-timed, signing included): options + sign-in ${line(passkey.whole)}; Worker (Server-Timing): options + sign-in ${worker(passkey.wholeServer)}, options ${worker(passkey.optionsServer)}, sign-in ${worker(passkey.verifyServer)}`,
  );
}
if (bell)
  console.log(
    `notifications, account of 10,000 (${bell.count} requests each; server / client): CheckUnread p50 ${bell.unread.serverP50} / ${bell.unread.p50} ms, p99 ${bell.unread.serverP99} / ${bell.unread.p99} ms; first page p50 ${bell.firstPage.serverP50} / ${bell.firstPage.p50} ms, p99 ${bell.firstPage.serverP99} / ${bell.firstPage.p99} ms; panel open in chromium (click to first rows painted): first ${bell.panel.first} ms (chunk included), then p50 ${bell.panel.p50} / p90 ${bell.panel.p90} / max ${bell.panel.max} ms`,
  );
if (discovery) {
  const r = discovery.rows;
  console.log(
    `discovery data: ${r.assertions} public assertions, ${r.classes} badge classes (${r.searchable} searchable), ${r.issuers} issuers (bench/discovery-data.mjs; ${discovery.seconds} s to ready)`,
  );
  const f = (x) => `p50 ${x.serverP50} / ${x.p50} ms, p99 ${x.serverP99} / ${x.p99} ms`;
  for (const [term, t] of Object.entries(discovery.terms))
    console.log(
      `search "${term}" (${[...term].length} characters, ${t.matches} badge matches; server / client): FindBadgeList ${f(t.list)}; FindAllList ${f(t.overview)}`,
    );
  console.log(`issuer page, render (server / client): ${f(discovery.issuerPage)}`);
}
if (acadPdf) {
  const { certificate: c, transcript: t } = acadPdf;
  console.log(
    `acaddoc PDF, one-page certificate with ja/th/bn text (${c.count} renders; in the Worker / client): p50 ${c.p50} / ${c.wallP50} ms, p99 ${c.p99} / ${c.wallP99} ms, ${(c.bytes / 1024).toFixed(0)} KB`,
  );
  console.log(
    `acaddoc PDF, 200-row transcript (${t.count} renders; in the Worker / client): p50 ${t.p50} / ${t.wallP50} ms, p99 ${t.p99} / ${t.wallP99} ms, max ${t.max} ms, ${(t.bytes / 1024).toFixed(0)} KB`,
  );
}
if (acad) {
  console.log(
    `certificates: ${acad.mine} in the account, ${acad.total} in the database (fixture written in ${acad.seconds.toFixed(1)} s)`,
  );
  console.log(
    `public certificate page, render (server time, ${acadPageRender.count} requests): p50 ${acadPageRender.p50} ms, p99 ${acadPageRender.p99} ms`,
  );
}
console.log(`${baking.name}: p50 ${baking.p50} ms, p99 ${baking.p99} ms (in node, 500 runs)`);
if (bulk)
  console.log(
    `bulk award of 1,000 (queued: ${bulk.queued}): all ${bulk.served} assertions served after ${bulk.assertionsSeconds.toFixed(1)} s, all 1,000 mails delivered after ${bulk.mailsSeconds.toFixed(1)} s`,
  );
// A target that fails fast would look fast: say so instead of reporting its latency silently.
for (const r of rows.filter((x) => x.non2xx > 0 && !x.path.includes('no-such-page'))) {
  console.log(
    `warning: ${r.non2xx} non-2xx answers from ${r.name}, the first: ${firstFailure.get(`${worker.base}${r.path}`)}`,
  );
}
if (anchoring)
  console.log(
    `nightly Blockcerts batch (${anchoring.leaves} credentials): ${anchoring.txs} transaction; credentials + leaf hashes ${anchoring.credentialsMs} ms (five-minute sweeps), tree to proofs written ${anchoring.totalMs} ms (run ${anchoring.runMs} ms, proofs ${anchoring.proofsMs} ms)`,
  );
if (rows.some((r) => r.errors > 0)) console.log('\nwarning: some requests failed at the socket level');
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/latest.json',
  JSON.stringify(
    {
      at: new Date().toISOString(),
      seconds: SECONDS,
      rows,
      goals,
      findList,
      baking,
      discovery,
      anchoring,
      bulk,
      renders,
      stored,
      pageRender,
      hosted,
      signed,
      blockcerts,
      settings,
      portal,
      twoStep,
      passkey,
      bell,
      acadPdf,
      acad: acad && { mine: acad.mine, total: acad.total, pageRender: acadPageRender },
    },
    null,
    2,
  ),
);
