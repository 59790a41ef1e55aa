import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startWorker } from '../../scripts/lib/built-worker.mjs';
import { freePort } from '../../scripts/lib/anvil.mjs';
import { dotenvText, varsFile } from '../../scripts/lib/wrangler-dev.mjs';

/*
 * Issue 33, item 7: the local tools start `wrangler dev` (npm start, preview, the bench and the chaos
 * run through scripts/lib/wrangler-dev.mjs). Here the bench's real launcher starts real wrangler and
 * workerd processes, on a probe Worker that echoes its variables, and every command line on the
 * machine is read from /proc as `ps` would show it to any local user.
 */

const PROBE = `export default {
  fetch(request, env) {
    if (new URL(request.url).pathname === '/api/health') return new Response('ok');
    return Response.json({ token: env.DEV_SQL_TOKEN, secrets: env.PORTAL_CLIENT_SECRETS, extra: env.PROBE_EXTRA });
  },
};
`;

/** Every process's command line this user can read, arguments joined by spaces. */
function commandLines(): string[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        return [readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')];
      } catch {
        return []; // ended meanwhile
      }
    });
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('secrets of a local Worker (issue 33, item 7)', () => {
  it('reach the Worker through a mode-600 file and appear on no command line', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lanyard-argv-'));
    writeFileSync(join(dir, 'probe.js'), PROBE);
    writeFileSync(
      join(dir, 'wrangler.toml'),
      'name = "argv-probe"\nmain = "probe.js"\ncompatibility_date = "2026-01-01"\n',
    );
    const port = await freePort();
    // A file left by an older run with a wider mode must come back as 600.
    mkdirSync('.wrangler', { recursive: true });
    writeFileSync(varsFile(port), 'OLD=1\n');
    chmodSync(varsFile(port), 0o644);
    const extra = 'pa$$word-$HOME-${PATH}';
    const worker = await startWorker(
      port,
      [`PROBE_EXTRA:${extra}`],
      ['--config', join(dir, 'wrangler.toml'), '--persist-to', join(dir, 'state')],
    );
    try {
      const token = readFileSync(`.wrangler/dev-sql-token-${port}`, 'utf8').trim();
      const clientSecret = worker.portal.clientSecret;
      expect(token.length).toBeGreaterThanOrEqual(32);
      expect(clientSecret.length).toBeGreaterThanOrEqual(16);

      const lines = commandLines();
      // The scan sees the processes started: wrangler on this port, and workerd under it.
      expect(lines.some((l) => l.includes('wrangler') && l.includes(String(port)))).toBe(true);
      expect(lines.some((l) => l.includes('workerd'))).toBe(true);
      expect(lines.filter((l) => l.includes(token) || l.includes(clientSecret))).toEqual([]);

      // The Worker got them all, the $ signs as written.
      const seen = (await (await fetch(`${worker.base}/probe`)).json()) as Record<string, string>;
      expect(seen).toEqual({ token, secrets: JSON.stringify({ portal: clientSecret }), extra });
      expect(modeOf(varsFile(port))).toBe(0o600);
      expect(modeOf(`.wrangler/dev-sql-token-${port}`)).toBe(0o600);
    } finally {
      worker.stop();
      await new Promise((r) => setTimeout(r, 500));
      rmSync(varsFile(port), { force: true });
      rmSync(`.wrangler/dev-sql-token-${port}`, { force: true });
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a value the vars file cannot hold as written, rather than mangling it', () => {
    expect(dotenvText({ A: 'x$y' })).toBe("A='x\\$y'\n");
    for (const value of ["it's", 'a\\b', 'line\nbreak']) expect(() => dotenvText({ A: value })).toThrow(/vars file/);
    expect(() => dotenvText({ 'A B': 'x' })).toThrow(/name not allowed/);
  });
});
