import { validKey } from './sign';

/** The networks a Blockcerts anchor can name (cert-verifier-js knows these), with their chain ids. */
export const NETWORKS = { mainnet: 1, sepolia: 11155111 } as const;
export type Network = keyof typeof NETWORKS;

export interface ChainConfig {
  rpcUrl: string;
  network: Network;
  chainId: number;
  confirmations: number;
  key: string;
}

type Settings = Partial<Pick<Env, 'CHAIN_RPC_URL' | 'CHAIN_NETWORK' | 'CHAIN_CONFIRMATIONS' | 'CHAIN_PRIVATE_KEY'>>;

/** Default confirmations: about a minute on mainnet; reorgs deeper than that are practically unknown. */
export const DEFAULT_CONFIRMATIONS = 5;

/** The anchoring settings, or the one sentence that says what is missing (for the log and the batch row). */
export function chainConfig(env: Settings): ChainConfig | { problem: string } {
  if (!env.CHAIN_RPC_URL) return { problem: 'CHAIN_RPC_URL is not set: Blockcerts credentials cannot be anchored.' };
  const network = env.CHAIN_NETWORK as Network;
  if (!(network in NETWORKS)) return { problem: 'CHAIN_NETWORK must be mainnet or sepolia.' };
  const confirmations = env.CHAIN_CONFIRMATIONS ? Number(env.CHAIN_CONFIRMATIONS) : DEFAULT_CONFIRMATIONS;
  if (!Number.isInteger(confirmations) || confirmations < 1 || confirmations > 100)
    return { problem: 'CHAIN_CONFIRMATIONS must be a whole number from 1 to 100.' };
  if (!validKey(env.CHAIN_PRIVATE_KEY))
    return {
      problem:
        'CHAIN_PRIVATE_KEY is not a secp256k1 key (0x and 64 hex digits): wrangler secret put CHAIN_PRIVATE_KEY.',
    };
  return { rpcUrl: env.CHAIN_RPC_URL, network, chainId: NETWORKS[network], confirmations, key: env.CHAIN_PRIVATE_KEY };
}
