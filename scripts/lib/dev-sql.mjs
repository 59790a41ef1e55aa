// Runs SQL through a running Worker (POST /api/dev/sql, development only) instead of writing to the
// local D1 file behind its back: the Worker is the only writer, so nothing races under load.
// The token is made afresh for each server started by scripts/start.mjs or scripts/lib/built-worker.mjs.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writePrivateFile } from './wrangler-dev.mjs';

const tokenFile = (port) => `.wrangler/dev-sql-token-${port}`;

/**
 * Makes the token for a server about to start on `port` (kept in a mode-600 file for the tools);
 * answers it as the Worker variable `{ DEV_SQL_TOKEN }`, for wrangler-dev.mjs's vars file.
 */
export function newDevSqlToken(port) {
  const token = randomBytes(32).toString('base64url');
  writePrivateFile(tokenFile(port), token);
  return { DEV_SQL_TOKEN: token };
}

/** Runs statements (strings, or {sql, params}) as one batch on the Worker at `base`; answers each one's rows. */
export async function devBatch(base, statements) {
  const token = readFileSync(tokenFile(new URL(base).port || '80'), 'utf8').trim();
  const res = await fetch(`${base}/api/dev/sql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ statements: statements.map((s) => (typeof s === 'string' ? { sql: s } : s)) }),
  });
  const json = await res.json().catch(() => null);
  if (json?.status !== 200) throw new Error(`dev SQL failed (${res.status}): ${JSON.stringify(json?.errors ?? json)}`);
  return json.results;
}

/** Runs one statement on the Worker at `base`; answers its rows. */
export async function devSql(base, sql, params = []) {
  return (await devBatch(base, [{ sql, params }]))[0];
}
