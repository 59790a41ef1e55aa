/** Types of wrangler-dev.mjs for the TypeScript tests. */
import type { ChildProcess, SpawnOptions } from 'node:child_process';
export function writePrivateFile(path: string, text: string): void;
export function dotenvText(vars: Record<string, string>): string;
export function varsFile(port: number): string;
export function wranglerDevArgs(port: number, vars: Record<string, string>): string[];
export function spawnWranglerDev(
  port: number,
  vars: Record<string, string>,
  extra: string[],
  options: SpawnOptions,
): ChildProcess;
export function builtWorkerConfigs(redirect?: string): string[];
