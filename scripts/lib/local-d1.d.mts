/** Runs one statement against the local D1 database; returns the result rows. */
export function localD1(sql: string): Record<string, unknown>[];
/** Runs a file of statements against the local D1 database. */
export function localD1File(path: string): void;
