import type { ChainEnv } from '../chain/rpc';
import type { DocSource } from './source';

/** What every format's steps may ask of the world: never written by a step. */
export interface VerifyDeps {
  /** The Worker's environment (a Blockcerts anchor's chain node, the outbound policy, our own origin). */
  readonly env: Env & ChainEnv;
  /** The verified addresses the badge should be awarded to. */
  readonly emails: readonly string[];
  readonly now: number;
  readonly src: DocSource;
}
