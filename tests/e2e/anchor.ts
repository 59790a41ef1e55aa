import { readFileSync } from 'node:fs';

const ORIGIN = 'http://127.0.0.1:8787';

/** Runs the nightly Blockcerts batch now, through the development trigger, as a scheduled run would. */
export async function nightlyRun() {
  const token = readFileSync('.wrangler/dev-sql-token-8787', 'utf8').trim();
  await fetch(`${ORIGIN}/api/dev/anchor`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ wait_ms: 5000 }),
  });
}
