import { throughFaults } from './faults';

/** Anything that can join a D1 batch: a drizzle query (not yet run) or a raw prepared statement. */
export type BatchItem = D1PreparedStatement | { toSQL(): { sql: string; params: unknown[] } };

/**
 * A condition written by one repo and checked by another's statement inside the same batch (the mail
 * is queued only if the code it carries was issued). Plain `?` placeholders, appended at the end.
 */
export interface SqlCondition {
  sql: string;
  params: unknown[];
}

/** A raw statement for SQL drizzle cannot express (INSERT … SELECT … WHERE NOT EXISTS). */
export function rawStatement(d1: D1Database, query: string, ...params: unknown[]): D1PreparedStatement {
  return d1.prepare(query).bind(...params);
}

/**
 * Runs every item as one D1 batch: all-or-nothing, in order (architecture rule 5). Drizzle queries
 * are turned into prepared statements so both kinds can share a batch.
 */
export async function runBatch(d1: D1Database, items: BatchItem[]): Promise<D1Result[]> {
  if (items.length === 0) return [];
  const texts: string[] = [];
  const statements = items.map((item) => {
    if (!('toSQL' in item)) return item;
    const { sql, params } = item.toSQL();
    texts.push(sql);
    return d1.prepare(sql).bind(...params);
  });
  // Development only: the chaos run's fault switch (db/faults.ts) may fail it as D1 would.
  return throughFaults(
    () => texts.join('\n'),
    () => d1.batch(statements),
  );
}
