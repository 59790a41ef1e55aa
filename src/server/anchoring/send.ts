import { runBatch } from '../db/batch';
import type { ChainConfig } from '../chain/config';
import { balanceOf, chainId, latestBlock, maxPriorityFee, pendingNonce } from '../chain/reads';
import { rpc, RpcError, type ChainEnv } from '../chain/rpc';
import { ANCHOR_GAS, addressOf, signAnchor } from '../chain/sign';
import { batchRepo, type BatchRow } from './batch-repo';
import { AnchorProblem } from './problem';

/** Answers of a node that already holds the transaction: the re-send is then a success. */
const ALREADY_KNOWN = /already known|already imported|known transaction/i;

/** Broadcasts stored bytes; a node that already has them is fine, anything else is the node's error. */
export async function broadcast(env: ChainEnv, raw: string): Promise<void> {
  try {
    await rpc(env, 'eth_sendRawTransaction', [raw]);
  } catch (err) {
    if (err instanceof RpcError && err.kind === 'node' && ALREADY_KNOWN.test(err.message)) return;
    throw err;
  }
}

/** The node must be the network the anchors will name, or every proof would point elsewhere. */
export async function checkNetwork(env: ChainEnv, cfg: ChainConfig): Promise<void> {
  const id = await chainId(env);
  if (id !== cfg.chainId)
    throw new AnchorProblem(`the node at CHAIN_RPC_URL is chain ${id}, not ${cfg.network} (${cfg.chainId})`);
}

/**
 * built -> sent: signs the anchor with the next nonce and fees from the node, stores raw bytes,
 * hash and nonce (the state moves to sent in the same D1 batch), and only then broadcasts. A crash
 * after the store resumes in the confirm step with the stored bytes: never a second transaction.
 * `bump` re-signs the same nonce with higher fees (a transaction stuck in the pool).
 */
export async function signAndSend(
  env: ChainEnv & Pick<Env, 'DB'>,
  cfg: ChainConfig,
  batch: BatchRow,
  now: number,
  bump?: { nonce: number; minFee: bigint },
): Promise<string> {
  if (!batch.merkleRoot) throw new AnchorProblem('batch has no root');
  await checkNetwork(env, cfg);
  const from = addressOf(cfg.key);
  const [nonce, block, tip, balance] = await Promise.all([
    bump ? Promise.resolve(bump.nonce) : pendingNonce(env, from),
    latestBlock(env),
    maxPriorityFee(env),
    balanceOf(env, from),
  ]);
  let maxFee = block.baseFee * 2n + tip;
  let priority = tip;
  // A replacement must raise both fee caps by at least 10% (geth) over the stuck version: the fee
  // cap goes up 25%, and the tip becomes the whole cap, which is above any earlier tip by 25% too.
  if (bump) {
    // Rounded up: integer division would leave a cap just under +25% (and a test of it to chance).
    const raised = (bump.minFee * 5n + 3n) / 4n;
    if (maxFee < raised) maxFee = raised;
    priority = maxFee;
  }
  const cost = ANCHOR_GAS * maxFee;
  if (balance < cost)
    throw new AnchorProblem(`out of funds: ${from} holds ${balance} wei, an anchor may cost up to ${cost} wei`);
  const signed = signAnchor(
    { chainId: cfg.chainId, nonce, maxPriorityFeePerGas: priority, maxFeePerGas: maxFee, root: batch.merkleRoot },
    cfg.key,
  );
  const [stored] = await runBatch(
    env.DB,
    batchRepo(env.DB).storeSigned(batch.id, from, { ...signed, nonce, maxFee }, bump ? 'sent' : 'built', now),
  );
  if (!stored?.meta.changes) throw new AnchorProblem('batch moved on while signing');
  await broadcast(env, signed.raw);
  return signed.hash;
}
