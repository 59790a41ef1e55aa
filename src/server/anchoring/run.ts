import { runBatch } from '../db/batch';
import { bytesToHex } from '../../lib/bytes';
import { chainConfig, type ChainConfig } from '../chain/config';
import { RpcError } from '../chain/rpc';
import { createLogger } from '../log';
import { batchRepo, type BatchRow } from './batch-repo';
import { collectCredentials } from './collect';
import { confirmStep, PROOF_CHUNK } from './confirm';
import { AnchorProblem } from './problem';
import { batchTree, finishBatch, writeProofChunk } from './proofs';
import { signAndSend } from './send';

/** A run holds its batch this long; a crashed run's batch is free again afterwards. */
export const LEASE_MS = 5 * 60_000;
/** Batches up to this size write their proofs in the run itself, so a small night ends in one go. */
const INLINE_PROOFS = PROOF_CHUNK;

export interface AnchorOptions {
  /** Open a new batch from waiting credentials (the nightly run); the five-minute sweep only resumes. */
  open: boolean;
  /** How long the run waits for the confirmations before leaving the batch to the next run. */
  waitMs?: number;
  pollMs?: number;
  /** Batches up to this size write their proofs in the run (default one chunk); larger ones through the queue. */
  inlineProofs?: number;
}

export type AnchorOutcome =
  | { state: 'idle' | 'busy' | 'not-configured'; batchId?: string; error?: string }
  | { state: BatchRow['state'] | 'pending' | 'waiting'; batchId: string; error?: string };

type RunEnv = Env;

async function openBatch(env: RunEnv, cfg: ChainConfig, now: number): Promise<BatchRow | null> {
  const repo = batchRepo(env.DB);
  const open = await repo.openBatch(cfg.network);
  if (open) return open;
  if (!(await repo.waitingCount())) return null;
  await runBatch(env.DB, repo.openStatements(crypto.randomUUID(), cfg.network, cfg.chainId, now));
  return repo.openBatch(cfg.network);
}

/** collecting -> built: the root of the stored leaves, in leaf order. */
async function build(env: RunEnv, batch: BatchRow, now: number): Promise<void> {
  const tree = await batchTree(env.DB, batch.id);
  await batchRepo(env.DB).markBuilt(batch.id, bytesToHex(tree.root), now);
}

/** A confirmed batch whose proofs are still missing this long after confirmation has lost its jobs. */
const STALLED_MS = 15 * 60_000;
const STALLED_CHUNKS_PER_RUN = 3;

async function writeStalledChunks(env: RunEnv, id: string): Promise<void> {
  for (let i = 0; i < STALLED_CHUNKS_PER_RUN; i++) {
    const first = await batchRepo(env.DB).firstMissingProof(id);
    if (first === null) return;
    const from = Math.floor(first / PROOF_CHUNK) * PROOF_CHUNK;
    await writeProofChunk(env, id, from, from + PROOF_CHUNK);
  }
}

async function advance(env: RunEnv, cfg: ChainConfig, id: string, o: AnchorOptions, now: number) {
  const repo = batchRepo(env.DB);
  const deadline = Date.now() + (o.waitMs ?? 60_000);
  for (;;) {
    const batch = await repo.byId(id);
    if (!batch) return 'idle' as const;
    if (batch.state === 'collecting') await build(env, batch, now);
    else if (batch.state === 'built') await signAndSend(env, cfg, batch, now);
    else if (batch.state === 'sent') {
      const r = await confirmStep(env, cfg, batch, now);
      if (r === 'pending' || r === 'waiting') {
        if (Date.now() >= deadline) return r;
        await new Promise((res) => setTimeout(res, o.pollMs ?? 1000));
      }
    } else if (batch.state === 'confirmed') {
      if (batch.leafCount <= (o.inlineProofs ?? INLINE_PROOFS)) await writeProofChunk(env, id, 0, batch.leafCount);
      // Larger batches are written by their bc_proofs jobs; if those stall (dead letters), the
      // sweeps write the missing chunks themselves, a few per run.
      else if (now - batch.updatedAt > STALLED_MS) await writeStalledChunks(env, id);
      await finishBatch(env, id, now);
      return (await repo.byId(id))?.state ?? 'idle';
    } else return batch.state;
  }
}

/**
 * The nightly Blockcerts batch (issue 19), resumable at every step: builds the credentials of
 * Receiving blockchain badges, opens one batch, then moves it along collecting -> built -> sent ->
 * confirmed -> written, each step re-checking the state it leaves. One run at a time holds the
 * batch (a lease), so parallel triggers change nothing. When the node is down or the key is out
 * of funds, the error is logged and kept on the batch row, the badges stay Receiving, and the next
 * run (the five-minute sweep, or the next night) goes on from the stored state.
 */
export async function runAnchoring(env: RunEnv, now: number, o: AnchorOptions): Promise<AnchorOutcome> {
  const log = createLogger({ job: 'anchoring' }, env.LOG_LEVEL);
  const cfg = chainConfig(env);
  if ('problem' in cfg) {
    if (o.open) log.error('blockcerts anchoring not configured', { problem: cfg.problem });
    return { state: 'not-configured', error: cfg.problem };
  }
  const repo = batchRepo(env.DB);
  let batch: BatchRow | null;
  try {
    // Every run (the five-minute sweep too) builds the credentials of newly Receiving badges, so
    // the hashing is spread over the day and the night mostly finds them ready.
    await collectCredentials(env, now);
    batch = o.open ? await openBatch(env, cfg, now) : await repo.openBatch(cfg.network);
    if (!batch) return { state: 'idle' };
    if (!(await repo.lease(batch.id, now, now + LEASE_MS))) return { state: 'busy', batchId: batch.id };
  } catch (err) {
    log.error('blockcerts batch could not start', { error: String(err) });
    throw err;
  }
  try {
    const state = await advance(env, cfg, batch.id, o, now);
    return { state, batchId: batch.id };
  } catch (err) {
    if (!(err instanceof RpcError || err instanceof AnchorProblem)) throw err;
    // Operator-visible: the row keeps the reason until a later run gets past it.
    await repo.recordError(batch.id, err.message, now);
    log.error('blockcerts batch stopped', { batchId: batch.id, error: err.message });
    return { state: (await repo.byId(batch.id))?.state ?? 'idle', batchId: batch.id, error: err.message };
  } finally {
    await repo.release(batch.id);
  }
}

/** The latest batches with their state and last error: the operator's view of anchoring. */
export async function recentBatches(d1: D1Database, limit = 10): Promise<BatchRow[]> {
  return (await batchRepo(d1).recent(limit)).results;
}
