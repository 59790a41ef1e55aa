import { env, exports } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { runAnchoring, LEASE_MS } from '../../src/server/anchoring/run';
import { batchRepo } from '../../src/server/anchoring/batch-repo';
import { REPLACE_AFTER_MS } from '../../src/server/anchoring/confirm';
import { runBatch } from '../../src/server/db/batch';
import { bytesToHex, fromHex } from '../../src/lib/bytes';
import { merkleRootOf } from '../../src/server/blockcerts/merkle';
import { decodeProofValue } from '../../src/server/blockcerts/proof-value';
import { addressOf } from '../../src/server/chain/sign';
import { rpc, RpcError } from '../../src/server/chain/rpc';
import { BASE, SAME_ORIGIN, completionNotices, createAccount, createSession } from './helpers';
import { awardTo, newBadgeClass, newIssuer } from './issuing-helpers';
import { DEV_ADMIN_TOKEN } from '../../src/server/middleware/issuer-auth';

// The nightly Blockcerts batch against a real anvil of its own (tests/support/anvil-node.ts, one per
// vitest project, and this file is alone in integration:anchoring, so it may switch the node's
// mining mode and drop transactions from its pool); setup.ts funded CHAIN_PRIVATE_KEY.
const e = env as unknown as Record<string, string>;
const rpcUrl = e['CHAIN_RPC_URL'] ?? '';
const from = addressOf(e['CHAIN_PRIVATE_KEY'] ?? '');

async function chain(method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}
const minedNonce = async () => Number(await chain('eth_getTransactionCount', [from, 'latest']));

/** `n` blockchain badges of one new account, received (so in Receiving). */
async function receiving(n: number) {
  const acct = await createAccount();
  const token = await createSession(acct.id);
  const { apiKey } = await newIssuer('Chain College');
  const bc = await newBadgeClass(apiKey, { name: 'ブロックチェーン基礎 · হাতেখড়ি' });
  for (let i = 0; i < n; i++) await awardTo(apiKey, bc, [acct.email], { blockchain: true });
  await env.DB.prepare('UPDATE assertions SET account_id = ? WHERE recipient_email_normalized = ?')
    .bind(acct.id, acct.email)
    .run();
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/SetReceiveAllUnacceptedBadge`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}` },
    body: '{}',
  });
  expect(await res.json()).toMatchObject({ received_count: n });
  return acct;
}

const statuses = async (accountId: string) =>
  (
    await env.DB.prepare('SELECT accept_status AS s FROM assertions WHERE account_id = ? ORDER BY id')
      .bind(accountId)
      .all<{ s: number }>()
  ).results.map((r) => r.s);
const batchRow = (id: string) =>
  env.DB.prepare('SELECT state, merkle_root AS root, tx_hash AS tx, last_error AS err FROM bc_batches WHERE id = ?')
    .bind(id)
    .first<{ state: string; root: string | null; tx: string | null; err: string | null }>();
const txCount = async (id: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM bc_batch_txs WHERE batch_id = ?').bind(id).first<number>('n')) ?? 0;
const night = (o: { waitMs?: number } = {}) => runAnchoring(env, Date.now(), { open: true, pollMs: 50, ...o });

beforeEach(async () => {
  await chain('evm_setAutomine', [true]);
  e['CHAIN_RPC_URL'] = rpcUrl;
  e['CHAIN_CONFIRMATIONS'] = '1';
});

describe('nightly Blockcerts batch on a real chain', () => {
  it('anchors N Receiving badges in exactly one transaction, writes verifiable proofs, accepts and notifies', async () => {
    const acct = await receiving(5);
    const nonce = await minedNonce();
    const out = await night();
    expect(out.state).toBe('written');
    const batch = await batchRow(out.batchId ?? '');
    expect(await txCount(out.batchId ?? '')).toBe(1);
    expect(await minedNonce()).toBe(nonce + 1);
    const tx = (await chain('eth_getTransactionByHash', [batch?.tx])) as { input: string; to: string; from: string };
    expect(tx).toMatchObject({ input: `0x${batch?.root}`, to: '0xdeaddeaddeaddeaddeaddeaddeaddeaddeaddead', from });
    const creds = (
      await env.DB.prepare('SELECT leaf_hash AS leaf, proof_json AS proof FROM bc_credentials WHERE batch_id = ?')
        .bind(out.batchId)
        .all<{ leaf: string; proof: string }>()
    ).results;
    expect(creds).toHaveLength(5);
    for (const c of creds) {
      const p = decodeProofValue((JSON.parse(c.proof) as { proofValue: string }).proofValue);
      expect(p?.anchors).toEqual([`blink:eth:sepolia:${batch?.tx}`]);
      expect(p?.targetHash).toBe(c.leaf);
      const path = (p?.path ?? []).map((s) =>
        'left' in s ? { left: fromHex(s.left) ?? new Uint8Array() } : { right: fromHex(s.right) ?? new Uint8Array() },
      );
      expect(bytesToHex(merkleRootOf(fromHex(c.leaf) ?? new Uint8Array(), path))).toBe(batch?.root);
    }
    expect(await statuses(acct.id)).toEqual([2, 2, 2, 2, 2]);
    expect(await completionNotices(acct.id)).toContainEqual(
      expect.objectContaining({ key: 'notifications.receiving_settled', params: { count: 5 } }),
    );
    // The next night finds nothing waiting: no batch, no transaction.
    expect((await night()).state).toBe('idle');
    expect(await minedNonce()).toBe(nonce + 1);
  });

  it('a run that died after storing its transaction is resumed with those bytes; a dropped one is re-sent with the same nonce', async () => {
    const acct = await receiving(3);
    const nonce = await minedNonce();
    await chain('evm_setAutomine', [false]);
    const first = await night({ waitMs: 0 });
    expect(first.state).toBe('pending');
    const id = first.batchId ?? '';
    const [stored] = (
      await env.DB.prepare('SELECT tx_hash AS h FROM bc_batch_txs WHERE batch_id = ?').bind(id).all<{ h: string }>()
    ).results;
    // The node loses it (as if the run had died before broadcasting), and the run left its lease behind.
    await chain('anvil_dropTransaction', [stored?.h]);
    expect(await chain('eth_getTransactionByHash', [stored?.h])).toBeNull();
    const now = Date.now();
    await env.DB.prepare('UPDATE bc_batches SET lease_until = ? WHERE id = ?')
      .bind(now + LEASE_MS, id)
      .run();
    expect((await runAnchoring(env, now, { open: true })).state).toBe('busy');
    const resumed = await runAnchoring(env, now + LEASE_MS, { open: false, waitMs: 0 });
    expect(resumed.state).toBe('pending');
    expect(await chain('eth_getTransactionByHash', [stored?.h])).not.toBeNull();
    await chain('evm_mine');
    expect((await runAnchoring(env, Date.now(), { open: false })).state).toBe('written');
    expect(await txCount(id)).toBe(1);
    expect((await batchRow(id))?.tx).toBe(stored?.h);
    expect(await minedNonce()).toBe(nonce + 1);
    expect(await statuses(acct.id)).toEqual([2, 2, 2]);
  });

  it('node down: badges stay Receiving with the error on the batch; the next run finishes them', async () => {
    const acct = await receiving(2);
    e['CHAIN_RPC_URL'] = 'http://127.0.0.1:9';
    const down = await night();
    expect(down.error).toMatch(/unreachable/);
    expect((await batchRow(down.batchId ?? ''))?.err).toMatch(/unreachable/);
    expect(await statuses(acct.id)).toEqual([1, 1]);
    // The operator reads it with the admin token (and nobody else does).
    const view = (token: string) =>
      exports.default.fetch(`${BASE}/api/issuer/v1/blockcerts/batches?limit=5`, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await view('not-the-admin-token-0123456789')).status).toBe(401);
    const listed = (await (await view(DEV_ADMIN_TOKEN)).json()) as { batches: { id: string; lastError: string }[] };
    expect(listed.batches.find((b) => b.id === down.batchId)?.lastError).toMatch(/eth_chainId: unreachable/);
    e['CHAIN_RPC_URL'] = rpcUrl;
    const next = await runAnchoring(env, Date.now(), { open: false, pollMs: 50 });
    expect(next).toMatchObject({ state: 'written', batchId: down.batchId });
    expect((await batchRow(down.batchId ?? ''))?.err).toBeNull();
    expect(await statuses(acct.id)).toEqual([2, 2]);
  });

  it('out of funds: nothing is sent, the error says so, and once funded the next run anchors', async () => {
    const acct = await receiving(2);
    const balance = await chain('eth_getBalance', [from, 'latest']);
    await chain('anvil_setBalance', [from, '0x0']);
    const broke = await night();
    expect(broke).toMatchObject({ state: 'built', error: expect.stringMatching(/out of funds/) });
    expect(await txCount(broke.batchId ?? '')).toBe(0);
    expect(await statuses(acct.id)).toEqual([1, 1]);
    await chain('anvil_setBalance', [from, balance]);
    expect((await runAnchoring(env, Date.now(), { open: false, pollMs: 50 })).state).toBe('written');
    expect(await statuses(acct.id)).toEqual([2, 2]);
  });

  it('waits for the configured confirmations before writing proofs', async () => {
    const acct = await receiving(1);
    e['CHAIN_CONFIRMATIONS'] = '3';
    const first = await night({ waitMs: 0 });
    expect(first.state).toBe('waiting');
    expect(await statuses(acct.id)).toEqual([1]);
    await chain('anvil_mine', ['0x2']);
    expect((await runAnchoring(env, Date.now(), { open: false })).state).toBe('written');
    expect(await statuses(acct.id)).toEqual([2]);
  });

  it('50 parallel nightly triggers open one batch and send one transaction', async () => {
    const acct = await receiving(4);
    const nonce = await minedNonce();
    const runs = await Promise.all(Array.from({ length: 50 }, () => night()));
    const ids = new Set(runs.map((r) => r.batchId).filter(Boolean));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    await runAnchoring(env, Date.now(), { open: false, pollMs: 50 });
    expect((await batchRow(id ?? ''))?.state).toBe('written');
    expect(await txCount(id ?? '')).toBe(1);
    expect(await minedNonce()).toBe(nonce + 1);
    expect(await statuses(acct.id)).toEqual([2, 2, 2, 2]);
    expect((await completionNotices(acct.id)).filter((n) => n.key === 'notifications.receiving_settled')).toHaveLength(
      1,
    );
  });

  it('the development trigger runs the batch; 50 parallel calls still send one transaction', async () => {
    const acct = await receiving(3);
    const nonce = await minedNonce();
    const TOKEN = 'anchoring-dev-token-0123456789abcdef0123';
    e['DEV_SQL_TOKEN'] = TOKEN;
    const post = (token: string) =>
      exports.default.fetch(`${BASE}/api/dev/anchor`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ wait_ms: 5000 }),
      });
    expect((await post('wrong-token-0123456789abcdef0123456789')).status).toBe(404);
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(TOKEN)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const last = (await (await post(TOKEN)).json()) as { batches: { id: string; state: string }[] };
    const ids = new Set(
      (
        await env.DB.prepare(
          'SELECT DISTINCT batch_id AS b FROM bc_credentials c JOIN assertions a ON a.id = c.subject_id WHERE a.account_id = ?',
        )
          .bind(acct.id)
          .all<{ b: string }>()
      ).results.map((r) => r.b),
    );
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(last.batches.find((b) => b.id === id)?.state).toBe('written');
    expect(await txCount(id ?? '')).toBe(1);
    expect(await minedNonce()).toBe(nonce + 1);
    expect(await statuses(acct.id)).toEqual([2, 2, 2]);
  });

  it('the five-minute sweep builds waiting credentials ahead of the night but opens no batch', async () => {
    const acct = await receiving(2);
    const nonce = await minedNonce();
    expect((await runAnchoring(env, Date.now(), { open: false })).state).toBe('idle');
    const waiting = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM bc_credentials c JOIN assertions a ON a.id = c.subject_id
       WHERE a.account_id = ? AND c.batch_id IS NULL`,
    )
      .bind(acct.id)
      .first<number>('n');
    expect(waiting).toBe(2);
    expect(await minedNonce()).toBe(nonce);
    expect(await statuses(acct.id)).toEqual([1, 1]);
    expect((await night()).state).toBe('written');
    expect(await statuses(acct.id)).toEqual([2, 2]);
  });

  it('a run that died right after opening its batch is finished by the next one, with one transaction', async () => {
    const acct = await receiving(2);
    const nonce = await minedNonce();
    // The first half of a night: credentials built and a batch opened (collecting), then nothing.
    expect((await runAnchoring(env, Date.now(), { open: false })).state).toBe('idle');
    const id = crypto.randomUUID();
    await runBatch(env.DB, batchRepo(env.DB).openStatements(id, 'sepolia', 11155111, Date.now()));
    expect((await batchRow(id))?.state).toBe('collecting');
    expect(await runAnchoring(env, Date.now(), { open: true, pollMs: 50 })).toMatchObject({
      state: 'written',
      batchId: id,
    });
    expect(await txCount(id)).toBe(1);
    expect(await minedNonce()).toBe(nonce + 1);
    expect(await statuses(acct.id)).toEqual([2, 2]);
  });

  it('a batch larger than the inline size has its proofs written by bc_proofs queue jobs', async () => {
    const acct = await receiving(3);
    const out = await runAnchoring(env, Date.now(), { open: true, pollMs: 50, inlineProofs: 0 });
    expect(['confirmed', 'written']).toContain(out.state);
    const jobs = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'bc_proofs' AND payload LIKE ?")
      .bind(`%${out.batchId}%`)
      .first<number>('n');
    expect(jobs).toBe(1);
    // The queue consumer runs the job; the batch ends written without the run writing anything.
    let state: string = out.state;
    for (let i = 0; i < 200 && state !== 'written'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      state = (await batchRow(out.batchId ?? ''))?.state ?? '';
    }
    expect(state).toBe('written');
    expect(await statuses(acct.id)).toEqual([2, 2, 2]);
  });

  it('a transaction stuck in the pool is replaced with higher fees and the same nonce; the mined version is the anchor', async () => {
    const acct = await receiving(2);
    const nonce = await minedNonce();
    await chain('evm_setAutomine', [false]);
    const first = await night({ waitMs: 0 });
    expect(first.state).toBe('pending');
    const id = first.batchId ?? '';
    // Half an hour later it is still pending: the sweep signs a replacement (stored before it is sent).
    const later = Date.now() + REPLACE_AFTER_MS + 60_000;
    expect((await runAnchoring(env, later, { open: false, waitMs: 0 })).state).toBe('pending');
    const versions = (
      await env.DB.prepare(
        'SELECT tx_hash AS hash, nonce, max_fee_per_gas AS fee FROM bc_batch_txs WHERE batch_id = ? ORDER BY created_at',
      )
        .bind(id)
        .all<{ hash: string; nonce: number; fee: string }>()
    ).results;
    expect(versions).toHaveLength(2);
    expect(versions[1]?.nonce).toBe(versions[0]?.nonce);
    expect(BigInt(versions[1]?.fee ?? 0) * 4n).toBeGreaterThanOrEqual(BigInt(versions[0]?.fee ?? 0) * 5n);
    await chain('evm_mine');
    expect((await runAnchoring(env, later + 1, { open: false })).state).toBe('written');
    expect((await batchRow(id))?.tx).toBe(versions[1]?.hash);
    expect(await chain('eth_getTransactionReceipt', [versions[0]?.hash])).toBeNull();
    expect(await minedNonce()).toBe(nonce + 1);
    expect(await statuses(acct.id)).toEqual([2, 2]);
  });
});

describe('the JSON-RPC client (issue 19)', () => {
  const kind = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'answered';
    } catch (err) {
      return err instanceof RpcError ? `${err.kind}: ${err.message}` : `other: ${String(err)}`;
    }
  };

  it('answers the result, and names each failure: the node’s error, an unreachable node, a refused or missing URL', async () => {
    expect(await rpc(env, 'eth_chainId', [])).toBe('0xaa36a7');
    expect(await kind(rpc(env, 'no_such_method', []))).toMatch(/^node: no_such_method: node: /);
    expect(await kind(rpc(env, 'eth_chainId', [], 'http://127.0.0.1:9'))).toMatch(/^config: .*refused \(port\)/);
    expect(await kind(rpc({ ...env, CHAIN_RPC_URL: 'http://127.0.0.1:9' }, 'eth_chainId', []))).toMatch(/^unreachable/);
    // In production the guard's usual rules apply to the configured node too: no loopback.
    expect(await kind(rpc({ ...env, ENVIRONMENT: 'production' }, 'eth_chainId', []))).toMatch(/^config: .*refused/);
    expect(await kind(rpc({ ...env, CHAIN_RPC_URL: undefined }, 'eth_chainId', []))).toMatch(/^config: .*not set/);
  });
});
