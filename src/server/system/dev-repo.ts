/** Runs development statements as one atomic D1 batch and returns each statement's rows. */
export async function runDevStatements(
  db: D1Database,
  statements: { sql: string; params: (string | number | null)[] }[],
) {
  const results = await db.batch(statements.map((s) => db.prepare(s.sql).bind(...s.params)));
  return results.map((r) => r.results as Record<string, unknown>[]);
}
