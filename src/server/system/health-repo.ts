/** Answers once D1 has run a trivial query: the health check's proof that the database is reachable. */
export async function pingDatabase(d1: D1Database): Promise<void> {
  await d1.prepare('SELECT 1').first();
}
