import { rawStatement } from '../db/batch';

export interface BatchRow {
  id: string;
  state: 'collecting' | 'built' | 'sent' | 'confirmed' | 'written';
  network: string;
  chainId: number;
  leafCount: number;
  merkleRoot: string | null;
  fromAddress: string | null;
  nonce: number | null;
  txHash: string | null;
  blockNumber: number | null;
  blockTime: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  attempts: number;
  leaseUntil: number;
  createdAt: number;
  updatedAt: number;
}

const COLUMNS = `id, state, network, chain_id AS chainId, leaf_count AS leafCount, merkle_root AS merkleRoot,
  from_address AS fromAddress, nonce, tx_hash AS txHash, block_number AS blockNumber, block_time AS blockTime,
  last_error AS lastError, last_error_at AS lastErrorAt, attempts, lease_until AS leaseUntil, created_at AS createdAt,
  updated_at AS updatedAt`;

/** Blockchain badges waiting in Receiving: accepted by their owner, not revoked or deleted. */
const RECEIVING_BC = `a.accept_status = 1 AND a.is_blockchain = 1 AND a.revoked_at IS NULL
  AND a.deleted_by_owner_at IS NULL AND a.deleted_by_issuer_at IS NULL`;

/** SQL of the nightly Blockcerts batch (issue 19); every write re-checks the state it moves from. */
export function batchRepo(d1: D1Database) {
  return {
    openBatch: (network: string) =>
      d1
        .prepare(`SELECT ${COLUMNS} FROM bc_batches WHERE network = ? AND state <> 'written'`)
        .bind(network)
        .first<BatchRow>(),
    byId: (id: string) => d1.prepare(`SELECT ${COLUMNS} FROM bc_batches WHERE id = ?`).bind(id).first<BatchRow>(),
    recent: (limit: number) =>
      d1.prepare(`SELECT ${COLUMNS} FROM bc_batches ORDER BY created_at DESC LIMIT ?`).bind(limit).all<BatchRow>(),

    /** Receiving blockchain badges that have no credential yet (the collect step builds them). */
    badgesWithoutCredential: (limit: number) =>
      d1
        .prepare(
          `SELECT a.id FROM assertions a WHERE ${RECEIVING_BC}
           AND NOT EXISTS (SELECT 1 FROM bc_credentials c WHERE c.subject_kind = 'badge' AND c.subject_id = a.id)
           ORDER BY a.accepted_at, a.id LIMIT ?`,
        )
        .bind(limit)
        .all<{ id: string }>(),
    /** Live blockchain academic documents with a recipient identity and no credential yet. */
    docsWithoutCredential: (limit: number) =>
      d1
        .prepare(
          `SELECT d.id FROM acad_docs d WHERE d.is_blockchain = 1 AND d.revoked_at IS NULL AND d.deleted_at IS NULL
           AND d.recipient_hash <> ''
           AND NOT EXISTS (SELECT 1 FROM bc_credentials c WHERE c.subject_kind = 'acad_doc' AND c.subject_id = d.id)
           ORDER BY d.created_at, d.id LIMIT ?`,
        )
        .bind(limit)
        .all<{ id: string }>(),
    /** A credential, once per subject: a parallel run that built the same one is a no-op. */
    insertCredential: (
      c: { id: string; kind: 'badge' | 'acad_doc'; subjectId: string; json: string; leaf: string },
      now: number,
    ) =>
      rawStatement(
        d1,
        `INSERT INTO bc_credentials (id, subject_kind, subject_id, credential_json, leaf_hash, created_at)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        c.id,
        c.kind,
        c.subjectId,
        c.json,
        c.leaf,
        now,
      ),
    waitingCount: () =>
      d1.prepare('SELECT COUNT(*) AS n FROM bc_credentials WHERE batch_id IS NULL').first<number>('n'),

    /**
     * Opens a batch and takes every waiting credential into it, numbered in creation order. The
     * INSERT is skipped when another run already opened one (the partial unique index); the UPDATE
     * then takes nothing, since it only fills the batch this run inserted.
     */
    openStatements: (id: string, network: string, chainId: number, now: number) => [
      rawStatement(
        d1,
        `INSERT INTO bc_batches (id, state, network, chain_id, created_at, updated_at)
         VALUES (?1, 'collecting', ?2, ?3, ?4, ?4) ON CONFLICT DO NOTHING`,
        id,
        network,
        chainId,
        now,
      ),
      rawStatement(
        d1,
        `UPDATE bc_credentials SET batch_id = ?1, leaf_index = w.rn FROM (
           SELECT id AS cid, ROW_NUMBER() OVER (ORDER BY created_at, id) - 1 AS rn FROM bc_credentials WHERE batch_id IS NULL
         ) AS w WHERE bc_credentials.id = w.cid
         AND EXISTS (SELECT 1 FROM bc_batches WHERE id = ?1 AND state = 'collecting')`,
        id,
      ),
      rawStatement(
        d1,
        `UPDATE bc_batches SET leaf_count = (SELECT COUNT(*) FROM bc_credentials WHERE batch_id = ?1)
         WHERE id = ?1 AND state = 'collecting'`,
        id,
      ),
    ],
    leaves: (batchId: string) =>
      d1
        .prepare('SELECT leaf_hash AS leaf FROM bc_credentials WHERE batch_id = ? ORDER BY leaf_index')
        .bind(batchId)
        .raw<[string]>(),
    /** Deterministic from the ordered leaves, so two runs computing it write the same root. */
    markBuilt: (id: string, root: string, now: number) =>
      d1
        .prepare(
          `UPDATE bc_batches SET state = 'built', merkle_root = ?, last_error = NULL, updated_at = ? WHERE id = ? AND state = 'collecting'`,
        )
        .bind(root, now, id)
        .run(),

    /** One runner at a time; answers whether this run holds the batch until `until`. */
    lease: async (id: string, now: number, until: number) =>
      ((
        await d1
          .prepare('UPDATE bc_batches SET lease_until = ?, attempts = attempts + 1 WHERE id = ? AND lease_until <= ?')
          .bind(until, id, now)
          .run()
      ).meta.changes ?? 0) > 0,
    release: (id: string) => d1.prepare('UPDATE bc_batches SET lease_until = 0 WHERE id = ?').bind(id).run(),
    recordError: (id: string, message: string, now: number) =>
      d1
        .prepare('UPDATE bc_batches SET last_error = ?, last_error_at = ?, updated_at = ? WHERE id = ?')
        .bind(message.slice(0, 500), now, now, id)
        .run(),

    txs: (batchId: string) =>
      d1
        .prepare(
          'SELECT tx_hash AS hash, raw_tx AS raw, nonce, max_fee_per_gas AS maxFee FROM bc_batch_txs WHERE batch_id = ? ORDER BY created_at DESC, tx_hash',
        )
        .bind(batchId)
        .all<{ hash: string; raw: string; nonce: number; maxFee: string }>(),
    newestTxTime: (batchId: string) =>
      d1.prepare('SELECT MAX(created_at) AS t FROM bc_batch_txs WHERE batch_id = ?').bind(batchId).first<number>('t'),
    /** The signed transaction is stored (and the batch moves to sent) before anything is broadcast. */
    storeSigned: (
      id: string,
      from: string,
      tx: { hash: string; raw: string; nonce: number; maxFee: bigint },
      fromState: 'built' | 'sent',
      now: number,
    ) => [
      rawStatement(
        d1,
        `INSERT INTO bc_batch_txs (tx_hash, batch_id, nonce, raw_tx, max_fee_per_gas, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM bc_batches WHERE id = ?2 AND state = ?7)
         ON CONFLICT DO NOTHING`,
        tx.hash,
        id,
        tx.nonce,
        tx.raw,
        tx.maxFee.toString(),
        now,
        fromState,
      ),
      rawStatement(
        d1,
        `UPDATE bc_batches SET state = 'sent', from_address = ?, nonce = ?, updated_at = ? WHERE id = ? AND state = ?`,
        from,
        tx.nonce,
        now,
        id,
        fromState,
      ),
    ],
    /** The stored nonce was used by another transaction of the key: sign afresh (no version of ours can be mined). */
    backToBuilt: (id: string, now: number) =>
      d1
        .prepare(`UPDATE bc_batches SET state = 'built', nonce = NULL, updated_at = ? WHERE id = ? AND state = 'sent'`)
        .bind(now, id)
        .run(),
    confirmStatement: (id: string, tx: { hash: string; block: number; time: number }, now: number) =>
      rawStatement(
        d1,
        `UPDATE bc_batches SET state = 'confirmed', tx_hash = ?, block_number = ?, block_time = ?, last_error = NULL,
         updated_at = ? WHERE id = ? AND state = 'sent'`,
        tx.hash,
        tx.block,
        tx.time,
        now,
        id,
      ),

    /** Leaves [from, to) of a batch with their credential, for one chunk of proofs. */
    chunk: (batchId: string, from: number, to: number) =>
      d1
        .prepare(
          `SELECT id, leaf_index AS leafIndex, leaf_hash AS leafHash, proof_json IS NOT NULL AS done,
           json_extract(credential_json, '$.issuer') AS issuer FROM bc_credentials
           WHERE batch_id = ? AND leaf_index >= ? AND leaf_index < ? ORDER BY leaf_index`,
        )
        .bind(batchId, from, to)
        .all<{ id: string; leafIndex: number; leafHash: string; done: number; issuer: string }>(),
    writeProof: (id: string, batchId: string, proof: string) =>
      rawStatement(
        d1,
        `UPDATE bc_credentials SET proof_json = ? WHERE id = ? AND batch_id = ? AND proof_json IS NULL
         AND EXISTS (SELECT 1 FROM bc_batches WHERE id = ? AND state = 'confirmed')`,
        proof,
        id,
        batchId,
        batchId,
      ),
    firstMissingProof: (batchId: string) =>
      d1
        .prepare('SELECT MIN(leaf_index) AS i FROM bc_credentials WHERE batch_id = ? AND proof_json IS NULL')
        .bind(batchId)
        .first<number | null>('i'),
    missingProofs: (batchId: string) =>
      d1
        .prepare('SELECT COUNT(*) AS n FROM bc_credentials WHERE batch_id = ? AND proof_json IS NULL')
        .bind(batchId)
        .first<number>('n'),

    /**
     * The end of a batch, after the notifications statement: its Receiving badges become Accepted,
     * and the batch is written, only while every proof is there and the batch is still confirmed.
     */
    finishStatements: (id: string, now: number) => [
      rawStatement(
        d1,
        `UPDATE assertions SET accept_status = 2, updated_at = ?1 WHERE accept_status = 1 AND id IN (
           SELECT subject_id FROM bc_credentials WHERE batch_id = ?2 AND subject_kind = 'badge')
         AND EXISTS (SELECT 1 FROM bc_batches WHERE id = ?2 AND state = 'confirmed')
         AND NOT EXISTS (SELECT 1 FROM bc_credentials WHERE batch_id = ?2 AND proof_json IS NULL)`,
        now,
        id,
      ),
      rawStatement(
        d1,
        `UPDATE bc_batches SET state = 'written', lease_until = 0, updated_at = ?1 WHERE id = ?2 AND state = 'confirmed'
         AND NOT EXISTS (SELECT 1 FROM bc_credentials WHERE batch_id = ?2 AND proof_json IS NULL)`,
        now,
        id,
      ),
    ],
  };
}
