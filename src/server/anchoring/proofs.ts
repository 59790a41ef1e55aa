import { runBatch } from '../db/batch';
import { fromHex, bytesToHex } from '../../lib/bytes';
import { merkleTree } from '../blockcerts/merkle';
import { encodeProofValue } from '../blockcerts/proof-value';
import { completionEvents } from '../notifications/events-repo';
import type { BcProofs } from '../outbox/payloads';
import { batchRepo } from './batch-repo';

/** D1 statements per batch when writing proofs: well inside D1's limits, few round trips. */
const WRITE_GROUP = 200;

function leafBytes(hex: string): Uint8Array {
  const b = fromHex(hex);
  if (!b || b.length !== 32) throw new Error('stored leaf hash is not 32 bytes');
  return b;
}

/** The tree of a batch, rebuilt from its stored leaves (the same root the transaction carries). */
export async function batchTree(d1: D1Database, batchId: string) {
  const leaves = (await batchRepo(d1).leaves(batchId)).map(([h]) => leafBytes(h));
  return merkleTree(leaves);
}

/**
 * The proofs of leaves [from, to) of a confirmed batch (the bc_proofs job). Idempotent: proofs
 * already written are skipped, and nothing is written unless the batch is still confirmed.
 */
export async function writeProofChunk(env: Pick<Env, 'DB'>, batchId: string, from: number, to: number) {
  const repo = batchRepo(env.DB);
  const batch = await repo.byId(batchId);
  if (!batch || batch.state !== 'confirmed' || !batch.txHash || batch.blockTime === null) return 0;
  const rows = (await repo.chunk(batchId, from, to)).results.filter((r) => !r.done);
  if (rows.length === 0) return 0;
  const tree = await batchTree(env.DB, batchId);
  const root = bytesToHex(tree.root);
  if (root !== batch.merkleRoot) throw new Error(`batch ${batchId}: leaves no longer give the anchored root`);
  const anchor = `blink:eth:${batch.network}:${batch.txHash}`;
  const created = new Date(batch.blockTime).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const statements = rows.map((r) => {
    const path = (tree.paths[r.leafIndex] ?? []).map((s) =>
      'left' in s ? { left: bytesToHex(s.left) } : { right: bytesToHex(s.right) },
    );
    const proof = {
      type: 'MerkleProof2019',
      created,
      proofPurpose: 'assertionMethod',
      proofValue: encodeProofValue({ merkleRoot: root, targetHash: r.leafHash, path, anchors: [anchor] }),
      verificationMethod: `${r.issuer}#key-1`,
    };
    return repo.writeProof(r.id, batchId, JSON.stringify(proof));
  });
  for (let i = 0; i < statements.length; i += WRITE_GROUP) await runBatch(env.DB, statements.slice(i, i + WRITE_GROUP));
  return rows.length;
}

/**
 * proofs written -> written: once every proof of the batch is there, its Receiving badges become
 * Accepted and their owners get the "process completed" notification, in one D1 batch that
 * re-checks both (a second finisher, or a chunk still missing, changes nothing).
 */
export async function finishBatch(env: Pick<Env, 'DB'>, batchId: string, now: number): Promise<boolean> {
  const repo = batchRepo(env.DB);
  if ((await repo.missingProofs(batchId)) !== 0) return false;
  const results = await runBatch(env.DB, [
    completionEvents(env.DB).anchoredSettled(batchId, now),
    ...repo.finishStatements(batchId, now),
  ]);
  return (results[2]?.meta.changes ?? 0) > 0;
}

/** The bc_proofs job: one chunk, then the end of the batch if it was the last one missing. */
export async function proofChunkJob(env: Pick<Env, 'DB'>, p: BcProofs, now: number): Promise<void> {
  await writeProofChunk(env, p.batchId, p.from, p.to);
  await finishBatch(env, p.batchId, now);
}
