// The chaos run (issue 23, Deliver 5): `npm run chaos`. Starts the built Worker on loopback with a
// D1/R2 state of its own (.wrangler/chaos-state, made afresh), arms the development fault switch
// (D1 batches fail before or after they apply with D1's retryable messages; jobs fail after their
// side effect), and lets clients award (issuer API), receive, merge and delete while aborting their
// sockets at random moments and sending again on 503 or abort. Then the sweeper runs and the
// invariants (scripts/lib/invariants.mjs) are checked against the client-side ledger. Prints the
// counts and writes bench/results/chaos.json; exits 1 on any violated invariant.
// CHAOS_SECONDS (default 60, at most 600), CHAOS_CLIENTS (default 6), CHAOS_FAULT_RATE (default 0.1).
// At 0.15 a job can fail on each of its six attempts (about 1 row in 2,000 at 0.28 per attempt) and
// is then given up as designed (dead letter); that counts as a violation here, so the default is lower.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { clearTimeout } from 'node:timers';
import { startWorker } from './lib/built-worker.mjs';
import { devSql } from './lib/dev-sql.mjs';
import { issuerApi } from './lib/issuer-api.mjs';
import { devCall, overWorker } from './lib/dev-worker.mjs';
import { checkAll, newLedger } from './lib/invariants.mjs';
import { registerAndActivate } from './lib/register.mjs';

const SECONDS = Math.min(600, Number(process.env.CHAOS_SECONDS ?? 60));
const CLIENTS = Number(process.env.CHAOS_CLIENTS ?? 6);
const FAULT_RATE = Number(process.env.CHAOS_FAULT_RATE ?? 0.1);
const PORT = Number(process.env.CHAOS_PORT ?? 8799);
const STATE = '.wrangler/chaos-state';
const ADMIN = 'lanyard-dev-admin-token';
const PASSWORD = 'Chaos#Lanyard-2026';
const WALLET = '/api/v1.0/openbadge/v2/Wallet';
const q = (s) => `'${String(s).replaceAll("'", "''")}'`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];

const counts = { requests: 0, aborted: 0, timedOut: 0, answered503: 0, answered5xxOther: 0, retries: 0, abandoned: 0 };
const ops = { award: 0, receive: 0, merge: 0, delete: 0 };

/**
 * One request that may be cut off: with `abortRate`, the socket is aborted after 0-60 ms (before,
 * during or after the Worker's batch). Answers { status, json } or { aborted: true }.
 */
async function chaoticFetch(url, init, abortRate = 0.3) {
  counts.requests++;
  const ctl = new globalThis.AbortController();
  const timer = Math.random() < abortRate ? setTimeout(() => ctl.abort(), Math.random() * 60) : null;
  try {
    // A request the Worker never answers must not stall the run: 30 s, then it counts as timed out.
    const res = await fetch(url, {
      ...init,
      signal: globalThis.AbortSignal.any([ctl.signal, globalThis.AbortSignal.timeout(30_000)]),
    });
    const json = await res.json().catch(() => null);
    // Cut while the answer's body was read: the client never learnt the answer either.
    if (ctl.signal.aborted) {
      counts.aborted++;
      return { aborted: true };
    }
    if (res.status === 503) counts.answered503++;
    else if (res.status >= 500) counts.answered5xxOther++;
    return { status: res.status, json, headers: res.headers };
  } catch (err) {
    if (ctl.signal.aborted) {
      counts.aborted++;
      return { aborted: true };
    }
    if (err?.name === 'TimeoutError') {
      counts.timedOut++;
      return { aborted: true };
    }
    throw err;
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/** Sends until an answer that is not 503 or an abort (a client that retries), at most 12 times. */
async function untilAnswered(send, giveUpRate = 0.1) {
  for (let attempt = 0; attempt < 12; attempt++) {
    const r = await send();
    if (!r.aborted && r.status !== 503) return r;
    if (Math.random() < giveUpRate) {
      counts.abandoned++;
      return null;
    }
    counts.retries++;
    await sleep(r.aborted ? 20 : 100);
  }
  counts.abandoned++;
  return null;
}

async function signIn(base, email) {
  let res;
  // Sign-in writes a session: under the fault switch it may answer 503, and is sent again.
  for (let attempt = 0; attempt < 10; attempt++) {
    res = await fetch(`${base}/api/v1.0/account/Wallet/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (res.status !== 503) break;
    await sleep(100);
  }
  const cookie = (res.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(';')[0])
    .filter((c) => /^(accessToken|userType)=/.test(c))
    .join('; ');
  return res.status === 200 ? cookie : null;
}

const signedInPost = (base, cookie, path, body) =>
  chaoticFetch(`${base}${WALLET}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie },
    body: JSON.stringify(body),
  });

async function main() {
  rmSync(STATE, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  const worker = await startWorker(PORT, [], ['--persist-to', STATE]);
  const { base } = worker;
  const started = Date.now();
  try {
    // The world: one issuer and badge class; holders who receive, pairs who merge, accounts to delete.
    const { api_key: key, issuer_id: issuerId } = await issuerApi(base, '/issuers', ADMIN, {
      name: 'Chaos University',
      url: 'https://chaos.example',
      email: 'badges@chaos.example',
    });
    const { badge_class_id: badgeClassId } = await issuerApi(base, '/badge-classes', key, {
      name: 'Chaos Survivor',
      description: 'Kept its invariants.',
      criteria_narrative: 'Run npm run chaos.',
      image: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    });
    const run = Date.now().toString(36);
    const person = async (role, i) => {
      const email = `chaos-${role}-${i}-${run}@example.test`;
      const id = await registerAndActivate(base, { email, password: PASSWORD, firstName: 'Chaos', lastName: role });
      return { id, email, merged: false, deleted: false };
    };
    const holders = [];
    for (let i = 0; i < 6; i++) holders.push(await person('holder', i));
    const pairs = [];
    for (let i = 0; i < 4; i++) pairs.push({ into: await person('into', i), from: await person('from', i) });
    const leavers = [];
    for (let i = 0; i < 4; i++) leavers.push(await person('leaver', i));

    const ledger = newLedger();
    const toReceive = []; // { id, email } of acknowledged awards to holders
    let seq = 0;

    const award = async () => {
      ops.award++;
      const keyed = `chaos-${run}-${++seq}`;
      const recipients = [`chaos-r${seq}-${run}@example.test`];
      const live = [...holders, ...pairs.map((p) => p.from)].filter((h) => !h.merged && !h.deleted);
      if (Math.random() < 0.7 && live.length) recipients.push(pick(live).email);
      for (const r of recipients) {
        const set = ledger.keysByRecipient.get(r.toLowerCase()) ?? new Set();
        set.add(keyed);
        ledger.keysByRecipient.set(r.toLowerCase(), set);
      }
      const answer = await untilAnswered(() =>
        chaoticFetch(`${base}/api/issuer/v1/awards`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': keyed },
          body: JSON.stringify({ badge_class_id: badgeClassId, recipients }),
        }),
      );
      if (answer?.status !== 200) return;
      const ids = answer.json.assertions.map((a) => ({ id: a.assertion_id, email: a.email }));
      ledger.awards.push({ key: keyed, badgeClassId, ids });
      for (const a of ids) if (!a.email.startsWith('chaos-r')) toReceive.push(a);
    };

    const receive = async () => {
      const a = toReceive.shift();
      if (!a) return award();
      ops.receive++;
      // The award mail's link, matched to this assertion by its token's hash.
      const mails = await devSql(
        base,
        `SELECT text_body FROM dev_mailbox WHERE id = ${q(`award-mail-${a.id}`)} AND text_body LIKE '%/receive/%'`,
      );
      const token = /\/receive\/([A-Za-z0-9_-]{43})/.exec(mails[0]?.text_body ?? '')?.[1];
      if (!token) return void toReceive.push(a); // the mail job has not run yet (or is being retried)
      const hash = createHash('sha256').update(token).digest('hex');
      const [link] = await devSql(base, `SELECT subject FROM link_tokens WHERE token_hash = ${q(hash)}`);
      if (link?.subject !== a.id) throw new Error(`receive link of ${a.id} points at ${link?.subject}`);
      const answer = await untilAnswered(() =>
        chaoticFetch(`${base}${WALLET}/SetReceiveBadge`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token }),
        }),
      );
      // E409103 "already received" after an aborted first try that had applied: still received.
      const code = answer?.json?.errors?.[0]?.code;
      if (answer?.status === 200 && answer.json.result === 'received') ledger.received.push(a.id);
      else if (code === 'E409103') ledger.received.push(a.id);
    };

    const merge = async () => {
      const pair = pairs.find((p) => !p.from.merged && !p.busy);
      if (!pair) return award();
      pair.busy = true;
      ops.merge++;
      const cookie = await signIn(base, pair.into.email);
      if (!cookie) throw new Error(`sign-in of ${pair.into.email} failed`);
      const proven = await untilAnswered(
        () => signedInPost(base, cookie, '/Setting/Merge/Prove', { email: pair.from.email, password: PASSWORD }),
        0,
      );
      if (proven?.status !== 200) throw new Error(`merge prove: ${JSON.stringify(proven?.json)}`);
      const mergeId = proven.json.merge_id;
      const answer = await untilAnswered(() =>
        signedInPost(base, cookie, '/Setting/Merge/Confirm', { merge_id: mergeId, password: PASSWORD }),
      );
      if (answer?.status === 200) {
        ledger.merges.push({ into: pair.into.id, from: pair.from.id });
        pair.from.merged = true;
      } else {
        const [row] = await devSql(base, `SELECT status FROM accounts WHERE id = ${q(pair.from.id)}`);
        pair.from.merged = row?.status === 'merged';
      }
      pair.busy = false;
    };

    const remove = async () => {
      const leaver = leavers.find((l) => !l.deleted && !l.busy);
      if (!leaver) return award();
      leaver.busy = true;
      ops.delete++;
      const cookie = await signIn(base, leaver.email);
      if (!cookie) throw new Error(`sign-in of ${leaver.email} failed`);
      const answer = await untilAnswered(() =>
        signedInPost(base, cookie, '/Setting/Account/Delete', { reason: 4, password: PASSWORD }),
      );
      if (answer?.status === 200) ledger.deleted.push(leaver.id);
      const [row] = await devSql(base, `SELECT status FROM accounts WHERE id = ${q(leaver.id)}`);
      leaver.deleted = row?.status === 'deleted';
      leaver.busy = false;
    };

    await devCall(base, 'faults', {
      action: 'arm',
      points: ['before', 'after', 'job-ack'],
      message: 'random',
      probability: FAULT_RATE,
      count: 1_000_000,
    });
    const until = Date.now() + SECONDS * 1000;
    const errors = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < until) {
          const r = Math.random();
          const op = r < 0.45 ? award : r < 0.8 ? receive : r < 0.9 ? merge : remove;
          try {
            await op();
          } catch (err) {
            errors.push(String(err));
          }
        }
      }),
    );
    const { injected } = await devCall(base, 'faults', { action: 'disarm' });
    const invariants = await checkAll(overWorker(base), ledger, issuerId);
    const violated = Object.values(invariants).reduce((n, v) => n + v.length, 0) + errors.length;
    const result = {
      date: new Date().toISOString(),
      seconds: SECONDS,
      clients: CLIENTS,
      faultRate: FAULT_RATE,
      operations: ops,
      acknowledged: {
        awards: ledger.awards.length,
        receives: ledger.received.length,
        merges: ledger.merges.length,
        deletions: ledger.deleted.length,
      },
      requests: counts,
      injectedFaults: { ...injected, total: injected.before + injected.after + injected['job-ack'] },
      violations: Object.fromEntries(Object.entries(invariants).map(([k, v]) => [k, v.length])),
      violatedInvariants: violated,
      details: { ...invariants, clientErrors: errors.slice(0, 20) },
      wallSeconds: Math.round((Date.now() - started) / 1000),
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/chaos.json', JSON.stringify(result, null, 2) + '\n');
    console.log(
      `chaos: ${result.injectedFaults.total} faults injected (before ${injected.before}, after ${injected.after}, ` +
        `job-ack ${injected['job-ack']}), ${counts.aborted} client aborts, ${counts.answered503} answers 503, ` +
        `${counts.answered5xxOther} other 5xx; acknowledged ${JSON.stringify(result.acknowledged)}; ` +
        `violated invariants: ${violated} ${JSON.stringify(result.violations)}`,
    );
    for (const [k, v] of Object.entries(result.details))
      for (const line of v.slice(0, 10)) console.log(`  ${k}: ${line}`);
    return violated + counts.answered5xxOther + counts.timedOut;
  } finally {
    worker.stop();
  }
}

process.exitCode = (await main()) === 0 ? 0 : 1;
