/** Types of startup-graph.mjs for the TypeScript tests. */
export function startupFiles(entry: string): Set<string>;
export const FIRST_USE_ONLY: Record<string, string>;
export function eagerLibraries(entry: string, marks?: Record<string, string>): [string, string][];
