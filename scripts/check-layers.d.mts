/** Types of check-layers.mjs for the TypeScript tests. */
export function importsOf(file: string, text: string, target: RegExp, root?: string): string[];
export function repoImports(file: string, text: string, root?: string): string[];
export function routerImports(file: string, text: string, root?: string): string[];
export function holdsSql(file: string, text: string): boolean;
export function makesMiddleware(file: string, text: string): boolean;
