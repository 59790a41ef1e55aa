import type { TestProject } from 'vitest/node';
import { startAnvil } from '../../scripts/lib/anvil.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A real local EVM node (anvil, Sepolia's chain id, a block per transaction) for Blockcerts tests. */
    anvilUrl: string;
  }
}

/**
 * anvil for the workerd tests, started on the Node side (the workerd pool cannot spawn processes).
 * Without --block-time every transaction is mined at once, so a test's anchor is final when sent.
 */
export default async function setup(project: TestProject) {
  const node = await startAnvil({ blockTime: 0 });
  project.provide('anvilUrl', node.url);
  return () => node.stop();
}
