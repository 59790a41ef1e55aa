import { commitWithJobs } from '../outbox/commit';
import type { ChainConfig } from '../chain/config';
import { blockNumber, blockTime, minedNonce, receiptOf, transactionByHash, type ChainReceipt } from '../chain/reads';
import type { ChainEnv } from '../chain/rpc';
import { batchRepo, type BatchRow } from './batch-repo';
import { broadcast, checkNetwork, signAndSend } from './send';
import { AnchorProblem } from './problem';

/** Proofs are written by queue jobs of this many leaves each (one rebuilds the tree, ~0.35 s for 10,000). */
export const PROOF_CHUNK = 1000;
/** A version still pending after this long is replaced by one with higher fees (same nonce). */
export const REPLACE_AFTER_MS = 30 * 60_000;

export type ConfirmResult = 'confirmed' | 'waiting' | 'pending' | 'resigned';

type Env2 = ChainEnv & Pick<Env, 'DB' | 'JOBS'>;

async function minedVersion(env: Env2, batchId: string) {
  const txs = (await batchRepo(env.DB).txs(batchId)).results;
  for (const tx of txs) {
    const receipt = await receiptOf(env, tx.hash);
    if (receipt) return { txs, mined: { tx, receipt } };
  }
  return { txs, mined: null };
}

async function confirmMined(env: Env2, cfg: ChainConfig, batch: BatchRow, receipt: ChainReceipt, now: number) {
  if (!receipt.ok) throw new AnchorProblem(`anchor transaction ${receipt.transactionHash} failed on chain`);
  const depth = (await blockNumber(env)) - receipt.blockNumber + 1;
  if (depth < cfg.confirmations) return 'waiting' as const;
  const time = (await blockTime(env, receipt.blockNumber)) * 1000;
  const jobs = [];
  for (let from = 0; from < batch.leafCount; from += PROOF_CHUNK)
    jobs.push({
      kind: 'bc_proofs' as const,
      id: `bc_proofs:${batch.id}:${from}`,
      payload: { batchId: batch.id, from, to: Math.min(batch.leafCount, from + PROOF_CHUNK) },
    });
  const repo = batchRepo(env.DB);
  await commitWithJobs(
    env as Env,
    [repo.confirmStatement(batch.id, { hash: receipt.transactionHash, block: receipt.blockNumber, time }, now)],
    jobs,
    now,
  );
  return 'confirmed' as const;
}

/**
 * sent -> confirmed: whichever stored version of the transaction has a receipt is the anchor,
 * once it is `confirmations` blocks deep. None mined: versions the node no longer knows (dropped)
 * are re-broadcast as the same bytes; one pending too long is replaced by higher fees, same nonce;
 * a nonce used by some other transaction of the key (none of ours can be mined) sends the batch
 * back to built, to be signed afresh.
 */
export async function confirmStep(env: Env2, cfg: ChainConfig, batch: BatchRow, now: number): Promise<ConfirmResult> {
  await checkNetwork(env, cfg);
  const { txs, mined } = await minedVersion(env, batch.id);
  if (mined) return confirmMined(env, cfg, batch, mined.receipt, now);
  if (batch.fromAddress && batch.nonce !== null && (await minedNonce(env, batch.fromAddress)) > batch.nonce) {
    // Re-read: a version may have been mined between the two questions.
    const again = await minedVersion(env, batch.id);
    if (again.mined) return confirmMined(env, cfg, batch, again.mined.receipt, now);
    await batchRepo(env.DB).backToBuilt(batch.id, now);
    return 'resigned';
  }
  let known = 0;
  for (const tx of txs) {
    if (await transactionByHash(env, tx.hash)) known++;
    else await broadcast(env, tx.raw);
  }
  const newest = txs[0];
  if (
    known > 0 &&
    newest &&
    batch.nonce !== null &&
    now - ((await batchRepo(env.DB).newestTxTime(batch.id)) ?? 0) > REPLACE_AFTER_MS
  )
    await signAndSend(env, cfg, batch, now, { nonce: batch.nonce, minFee: BigInt(newest.maxFee) });
  return 'pending';
}
