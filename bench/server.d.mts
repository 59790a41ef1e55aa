/** Types of server.mjs for the TypeScript tests. */
import type { Portal } from '../scripts/lib/portal.d.mts';
export function startWorker(
  port: number,
  vars?: string[],
  extra?: string[],
): Promise<{ base: string; stop: () => void; portal: Portal }>;
