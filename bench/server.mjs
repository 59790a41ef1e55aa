// Starts the built Worker on workerd (wrangler dev on the build output) and stops it afterwards.
import { spawn } from 'node:child_process';
import { newDevSqlToken } from '../scripts/lib/dev-sql.mjs';
import { localVars, varFlags } from '../scripts/lib/local-vars.mjs';

export async function startWorker(port, vars = [], extra = []) {
  // Request logging is off while measuring: locally every log line is forwarded from workerd to
  // wrangler over IPC, a cost production (asynchronous Workers Logs) does not have.
  const child = spawn(
    'npx',
    [
      'wrangler',
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--log-level',
      'error',
      // wrangler.toml holds production's values: the local ones, with this server's own address.
      ...varFlags(localVars(port)),
      '--var',
      'LOG_LEVEL:warn',
      '--var',
      newDevSqlToken(port),
      ...vars.flatMap((v) => ['--var', v]),
      ...extra,
    ],
    {
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', LOG_LEVEL: 'error' },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop: () => process.kill(-child.pid, 'SIGTERM') };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  process.kill(-child.pid, 'SIGTERM');
  throw new Error('the Worker did not start within 120 s');
}
