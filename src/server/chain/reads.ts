import { address, data, hash32, objectOrNull, quantity, smallQuantity } from './parse';
import { rpc, RpcError, type ChainEnv } from './rpc';

/** A mined or pending transaction as eth_getTransactionByHash gives it (only what Blockcerts uses). */
export interface ChainTx {
  hash: string;
  from: string;
  to: string | null;
  input: string;
  nonce: number;
  /** null while pending. */
  blockNumber: number | null;
}

export interface ChainReceipt {
  transactionHash: string;
  blockNumber: number;
  /** true when the transaction succeeded (status 0x1). */
  ok: boolean;
  gasUsed: bigint;
}

export async function chainId(env: ChainEnv, url?: string): Promise<number> {
  return smallQuantity(await rpc(env, 'eth_chainId', [], url), 'eth_chainId');
}

export async function blockNumber(env: ChainEnv, url?: string): Promise<number> {
  return smallQuantity(await rpc(env, 'eth_blockNumber', [], url), 'eth_blockNumber');
}

export async function balanceOf(env: ChainEnv, addr: string): Promise<bigint> {
  return quantity(await rpc(env, 'eth_getBalance', [addr, 'latest']), 'eth_getBalance');
}

/** The next nonce, counting transactions still in the pool. */
export async function pendingNonce(env: ChainEnv, addr: string): Promise<number> {
  const m = 'eth_getTransactionCount';
  return smallQuantity(await rpc(env, m, [addr, 'pending']), m);
}

/** The nonce of mined transactions only: a stored nonce below it is used up. */
export async function minedNonce(env: ChainEnv, addr: string): Promise<number> {
  const m = 'eth_getTransactionCount';
  return smallQuantity(await rpc(env, m, [addr, 'latest']), m);
}

export async function maxPriorityFee(env: ChainEnv): Promise<bigint> {
  return quantity(await rpc(env, 'eth_maxPriorityFeePerGas', []), 'eth_maxPriorityFeePerGas');
}

/** The latest block's base fee and time (seconds). */
export async function latestBlock(env: ChainEnv, url?: string): Promise<{ baseFee: bigint; timestamp: number }> {
  const m = 'eth_getBlockByNumber';
  const b = objectOrNull(await rpc(env, m, ['latest', false], url), m);
  if (!b) throw new RpcError('malformed', m, 'no latest block');
  return {
    baseFee: quantity(b.baseFeePerGas, m, 'baseFeePerGas'),
    timestamp: smallQuantity(b.timestamp, m, 'timestamp'),
  };
}

/** A block's time in seconds since 1970. */
export async function blockTime(env: ChainEnv, n: number, url?: string): Promise<number> {
  const m = 'eth_getBlockByNumber';
  const b = objectOrNull(await rpc(env, m, ['0x' + n.toString(16), false], url), m);
  if (!b) throw new RpcError('malformed', m, 'block not found');
  return smallQuantity(b.timestamp, m, 'timestamp');
}

export async function transactionByHash(env: ChainEnv, hash: string, url?: string): Promise<ChainTx | null> {
  const m = 'eth_getTransactionByHash';
  const t = objectOrNull(await rpc(env, m, [hash], url), m);
  if (!t) return null;
  return {
    hash: hash32(t.hash, m, 'hash'),
    from: address(t.from, m, 'from'),
    to: t.to === null || t.to === undefined ? null : address(t.to, m, 'to'),
    input: data(t.input, m, 'input'),
    nonce: smallQuantity(t.nonce, m, 'nonce'),
    blockNumber:
      t.blockNumber === null || t.blockNumber === undefined ? null : smallQuantity(t.blockNumber, m, 'blockNumber'),
  };
}

export async function receiptOf(env: ChainEnv, hash: string, url?: string): Promise<ChainReceipt | null> {
  const m = 'eth_getTransactionReceipt';
  const r = objectOrNull(await rpc(env, m, [hash], url), m);
  if (!r) return null;
  return {
    transactionHash: hash32(r.transactionHash, m, 'transactionHash'),
    blockNumber: smallQuantity(r.blockNumber, m, 'blockNumber'),
    ok: quantity(r.status, m, 'status') === 1n,
    gasUsed: quantity(r.gasUsed, m, 'gasUsed'),
  };
}
