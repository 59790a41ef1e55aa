// The chaos run's handles on a running Worker's development routes (issue 23): any dev route with
// the server's token, and the invariants' reader and sweeper (scripts/lib/invariants.mjs).
import { readFileSync } from 'node:fs';
import { devBatch } from './dev-sql.mjs';

/** POST to a dev route with the running server's token. */
export async function devCall(base, path, body) {
  const token = readFileSync(`.wrangler/dev-sql-token-${new URL(base).port}`, 'utf8').trim();
  const res = await fetch(`${base}/api/dev/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    signal: globalThis.AbortSignal.timeout(120_000),
  });
  const json = await res.json();
  if (json.status !== 200) throw new Error(`dev ${path}: ${res.status} ${JSON.stringify(json.errors ?? json)}`);
  return json;
}

/** The reader and sweeper of a running Worker: dev SQL and the scheduled handler (POST /api/dev/scheduled). */
export const overWorker = (base) => ({
  batch: (statements) => devBatch(base, statements),
  sweep: async () => (await devCall(base, 'scheduled', { cron: '*/5 * * * *' })).pending,
});
