import { chainId, blockTime, transactionByHash } from '../../chain/reads';
import { RpcError, type ChainEnv } from '../../chain/rpc';

/** What reading an anchoring transaction found. */
export type TxRead =
  | { kind: 'found'; from: string; input: string; time: number }
  | { kind: 'missing' }
  /** No node configured for this network, or the node is another network: cannot tell now. */
  | { kind: 'unconfigured' }
  | { kind: 'unreachable' };

const CHAIN_IDS: Record<string, number> = { mainnet: 1, sepolia: 11155111 };

/**
 * The JSON-RPC node for a network: CHAIN_RPC_URL_<NETWORK> (e.g. CHAIN_RPC_URL_MAINNET), or the
 * issuing node CHAIN_RPC_URL when CHAIN_NETWORK names this network (sepolia when unset).
 */
export function rpcUrlFor(env: ChainEnv, network: string): string | null {
  const own = (env as Partial<Record<string, string>>)[`CHAIN_RPC_URL_${network.toUpperCase()}`];
  if (own) return own;
  const issuing = (env as Partial<Record<string, string>>)['CHAIN_NETWORK'] || 'sepolia';
  return issuing === network && env.CHAIN_RPC_URL ? env.CHAIN_RPC_URL : null;
}

/** Nodes whose eth_chainId was checked, per isolate: a node of another chain would vouch for nothing. */
const checkedNodes = new Map<string, boolean>();

/**
 * The transaction `txid` on `network`, read through the guarded fetcher (chain/rpc.ts): its sender,
 * its data and its block's time. A pending transaction counts as not found: nothing is anchored yet.
 */
export async function readAnchorTx(env: ChainEnv, network: string, txid: string): Promise<TxRead> {
  const url = rpcUrlFor(env, network);
  const want = CHAIN_IDS[network];
  if (!url || want === undefined) return { kind: 'unconfigured' };
  try {
    let ok = checkedNodes.get(url);
    if (ok === undefined) {
      ok = (await chainId(env, url)) === want;
      checkedNodes.set(url, ok);
    }
    if (!ok) return { kind: 'unconfigured' };
    const tx = await transactionByHash(env, txid, url);
    if (!tx || tx.blockNumber === null) return { kind: 'missing' };
    const time = (await blockTime(env, tx.blockNumber, url)) * 1000;
    return { kind: 'found', from: tx.from, input: tx.input, time };
  } catch (err) {
    if (err instanceof RpcError) return err.kind === 'config' ? { kind: 'unconfigured' } : { kind: 'unreachable' };
    throw err;
  }
}
