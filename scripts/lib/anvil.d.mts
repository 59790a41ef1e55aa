/** Types of anvil.mjs for the TypeScript configuration files and tests. */
export const ANVIL_KEY_0: string;
export const ANVIL_ADDRESS_0: string;
export const SEPOLIA_CHAIN_ID: number;
export function freePort(): Promise<number>;
export function startAnvil(o?: {
  port?: number;
  stateFile?: string;
  blockTime?: number;
  timeoutMs?: number;
}): Promise<{ url: string; port: number; stop: () => Promise<void> }>;
