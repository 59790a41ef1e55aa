/** Types of dev-sql.mjs for the TypeScript tests. */
export type Row = Record<string, unknown>;
export type Statement = string | { sql: string; params?: (string | number | null)[] };
export function newDevSqlToken(port: number): { DEV_SQL_TOKEN: string };
export function devBatch(base: string, statements: Statement[]): Promise<Row[][]>;
export function devSql(base: string, sql: string, params?: (string | number | null)[]): Promise<Row[]>;
