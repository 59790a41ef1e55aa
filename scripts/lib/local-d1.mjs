// Runs SQL against the local D1 database that `wrangler dev` uses (scripts, tests and benchmarks).
import { execFileSync } from 'node:child_process';

/** Runs one statement; returns the result rows. */
export function localD1(sql) {
  const out = execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--json', '--command', sql], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return JSON.parse(out)[0]?.results ?? [];
}

/** Runs a file of statements. */
export function localD1File(path) {
  execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--file', path], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
