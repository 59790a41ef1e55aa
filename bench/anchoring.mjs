// The nightly Blockcerts batch at 10,000 credentials (issue 19; goal: one transaction, tree and
// proofs written in < 60 s). Runs the built Worker on its own local D1 (a separate --persist-to,
// so the 10,000 badges never land in the shared development database) against a fresh anvil:
// the demo data, then 10,000 copies of its blockchain badge in Receiving; a sweep-like run builds
// their credentials and leaf hashes (timed apart), then the night (POST /api/dev/anchor: tree, one
// signed transaction, confirmation, proof jobs queued) and the time until every proof is written by
// the bc_proofs queue jobs and the badges are Accepted.
// Alone: npm run build && node bench/anchoring.mjs   (or BENCH_ONLY=anchoring npm run bench)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemo } from '../scripts/demo-seed.mjs';
import { devSql } from '../scripts/lib/dev-sql.mjs';
import { startAnvil } from '../scripts/lib/anvil.mjs';
import { chainVars } from '../scripts/lib/local-vars.mjs';
import { startWorker } from '../scripts/lib/built-worker.mjs';

const N = Number(process.env.BENCH_ANCHOR_N ?? 10_000);

export async function anchoringFigures(port = Number(process.env.BENCH_ANCHOR_PORT ?? 8798)) {
  const dir = mkdtempSync(join(tmpdir(), 'lanyard-anchoring-'));
  execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir], {
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    stdio: 'ignore',
  });
  const chain = await startAnvil({ blockTime: 0 });
  const vars = Object.entries(chainVars(chain.url)).map(([k, v]) => `${k}:${v}`);
  const worker = await startWorker(port, vars, ['--persist-to', dir]);
  const base = worker.base;
  try {
    await seedDemo(base);
    // N copies of the demo's blockchain badge, all Receiving (one statement, so seeding is not the figure).
    await devSql(
      base,
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO assertions (id, badge_class_id, issuer_id, recipient_email, recipient_email_normalized,
         recipient_salt, recipient_hash, account_id, accept_status, is_public, is_hidden, verification_type,
         is_blockchain, issued_on, accepted_at, created_at, updated_at)
       SELECT 'bench-anchor-' || n.i, a.badge_class_id, a.issuer_id, a.recipient_email, a.recipient_email_normalized,
         a.recipient_salt, a.recipient_hash, a.account_id, 1, 0, 0, a.verification_type, 1, a.issued_on + n.i,
         a.issued_on, a.created_at, a.created_at
       FROM n, (SELECT * FROM assertions WHERE is_blockchain = 1 LIMIT 1) a`,
      [N],
    );
    const token = readFileSync(`.wrangler/dev-sql-token-${port}`, 'utf8').trim();
    const anchor = async (open) =>
      (
        await fetch(`${base}/api/dev/anchor`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ wait_ms: 120_000, open }),
        })
      ).json();
    // As the five-minute sweeps do during the day: the credentials and their leaf hashes.
    const tc = performance.now();
    await anchor(false);
    const t0 = performance.now();
    // The night: tree, one signed transaction, its confirmation, the proof jobs queued.
    const run = await anchor(true);
    const tRun = performance.now();
    const id = run.outcome?.batchId;
    if (!id) throw new Error(`no batch: ${JSON.stringify(run)}`);
    let state = run.outcome.state;
    while (state !== 'written' && performance.now() - t0 < 600_000) {
      await new Promise((r) => setTimeout(r, 250));
      [{ state }] = await devSql(base, 'SELECT state FROM bc_batches WHERE id = ?', [id]);
    }
    const tEnd = performance.now();
    const [row] = await devSql(
      base,
      `SELECT leaf_count AS leaves, (SELECT COUNT(*) FROM bc_batch_txs WHERE batch_id = ?1) AS txs,
       (SELECT COUNT(*) FROM bc_credentials WHERE batch_id = ?1 AND proof_json IS NOT NULL) AS proofs,
       (SELECT COUNT(*) FROM assertions WHERE id LIKE 'bench-anchor-%' AND accept_status = 2) AS accepted
       FROM bc_batches WHERE id = ?1`,
      [id],
    );
    return {
      ...row,
      state,
      credentialsMs: Math.round(t0 - tc),
      runMs: Math.round(tRun - t0),
      proofsMs: Math.round(tEnd - tRun),
      totalMs: Math.round(tEnd - t0),
    };
  } finally {
    worker.stop();
    await chain.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await anchoringFigures();
  console.log(
    `Nightly Blockcerts batch of ${r.leaves} credentials: ${r.txs} transaction(s), state ${r.state}; ` +
      `credentials + leaf hashes (sweep) ${r.credentialsMs} ms; night: tree, sign, send, confirm ${r.runMs} ms, ` +
      `proofs written by the queue ${r.proofsMs} ms, tree to proofs written ${r.totalMs} ms; ${r.proofs} proofs, ${r.accepted} badges Accepted`,
  );
}
