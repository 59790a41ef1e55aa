/** Types of check-layers.mjs for the TypeScript tests. */
export function repoImports(file: string, text: string, root?: string): string[];
