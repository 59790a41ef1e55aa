/** Types of built-worker.mjs for the TypeScript tests. */
import type { Portal } from './portal.d.mts';
export function startWorker(
  port: number,
  vars?: string[],
  extra?: string[],
): Promise<{ base: string; stop: () => void; portal: Portal }>;
