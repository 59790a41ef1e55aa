import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, millis, updatedAt } from './columns';

/**
 * Blockcerts v3 credentials (issue 19): one per blockchain badge or academic document, written
 * before anchoring (without proof) with the leaf hash the Merkle tree is built from. batch_id and
 * leaf_index are set when a nightly batch takes it; proof_json once its batch's transaction is
 * confirmed. The served credential is credential_json plus proof_json.
 */
export const bcCredentials = sqliteTable(
  'bc_credentials',
  {
    /** urn:uuid:… as in the credential's id (revocation lists name it). */
    id: text('id').primaryKey(),
    subjectKind: text('subject_kind', { enum: ['badge', 'acad_doc'] }).notNull(),
    subjectId: text('subject_id').notNull(),
    credentialJson: text('credential_json').notNull(),
    /** hex sha256 of the credential's canonical N-Quads (MerkleProof2019 targetHash). */
    leafHash: text('leaf_hash').notNull(),
    batchId: text('batch_id'),
    leafIndex: integer('leaf_index'),
    /** The MerkleProof2019 `proof` object, JSON; null until anchored. */
    proofJson: text('proof_json'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bc_credentials_subject_idx').on(t.subjectKind, t.subjectId),
    index('bc_credentials_batch_idx').on(t.batchId, t.leafIndex),
  ],
);

/** States of a batch, in order; each step re-checks the one before it. */
export const BC_BATCH_STATES = ['collecting', 'built', 'sent', 'confirmed', 'written'] as const;

/**
 * One nightly anchoring: its leaves, root, transaction and state. At most one batch per network is
 * unfinished (the partial unique index), so 50 parallel cron runs cannot open two.
 */
export const bcBatches = sqliteTable(
  'bc_batches',
  {
    id: text('id').primaryKey(),
    state: text('state', { enum: BC_BATCH_STATES }).notNull(),
    network: text('network').notNull(),
    chainId: integer('chain_id').notNull(),
    leafCount: integer('leaf_count').notNull().default(0),
    merkleRoot: text('merkle_root'),
    fromAddress: text('from_address'),
    nonce: integer('nonce'),
    /** The transaction that was mined (one of bc_batch_txs), its block and the block's time. */
    txHash: text('tx_hash'),
    blockNumber: integer('block_number'),
    blockTime: millis('block_time'),
    /** Operator-visible: why the last run could not go on (node down, out of funds…), cleared on progress. */
    lastError: text('last_error'),
    lastErrorAt: millis('last_error_at'),
    attempts: integer('attempts').notNull().default(0),
    /** One runner at a time: a run holds the batch until this time (a crashed run's lease runs out). */
    leaseUntil: millis('lease_until').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bc_batches_open_idx')
      .on(t.network)
      .where(sql`state <> 'written'`),
    index('bc_batches_created_idx').on(t.createdAt),
  ],
);

/**
 * Every signed version of a batch's transaction, stored before it is broadcast: a re-send uses the
 * same bytes, and whichever version is mined is the one the proofs name.
 */
export const bcBatchTxs = sqliteTable(
  'bc_batch_txs',
  {
    txHash: text('tx_hash').primaryKey(),
    batchId: text('batch_id')
      .notNull()
      .references(() => bcBatches.id),
    nonce: integer('nonce').notNull(),
    rawTx: text('raw_tx').notNull(),
    maxFeePerGas: text('max_fee_per_gas').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('bc_batch_txs_batch_idx').on(t.batchId, t.createdAt)],
);
