// `wrangler dev` for every local tool that serves the built Worker (npm start, npm run preview, the
// bench and the chaos run). The Worker's variables travel in a file only this user can read, never
// as `--var` arguments: a command line is readable by every local user (ps, /proc/<pid>/cmdline),
// and among the variables are the dev SQL token, whose bearer can read password hashes, and the
// portal client secret (issue 33, item 7). wrangler 4 reads such a file with `--env-file` (dotenv
// syntax, then $-expansion); with it, wrangler no longer reads .dev.vars by itself, so a .dev.vars
// kept for trying secrets locally is passed first and ours after it (later files win, as --var did).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Writes `text` to `path` readable and writable by this user alone (mode 600), whatever was there. */
export function writePrivateFile(path, text) {
  mkdirSync(dirname(path), { recursive: true });
  // A mode is applied only when a file is created: an older copy (say 644) is removed first, and
  // 'wx' refuses to follow a link planted in its place.
  rmSync(path, { force: true });
  writeFileSync(path, text, { mode: 0o600, flag: 'wx' });
}

/**
 * One `KEY='value'` line per variable. Single quotes keep the value as written; wrangler then
 * expands `$NAME`, so every `$` is escaped (its expander turns `\$` back into `$`). A quote, a
 * backslash or a line break cannot be written this way and is refused rather than mangled.
 */
export function dotenvText(vars) {
  return Object.entries(vars)
    .map(([key, value]) => {
      if (!/^[A-Z_][A-Z0-9_]*$/.test(key)) throw new Error(`variable name not allowed in the vars file: ${key}`);
      if (/['\\\r\n]/.test(value))
        throw new Error(`${key}: a quote, backslash or line break cannot go in the vars file`);
      return `${key}='${value.replaceAll('$', '\\$')}'\n`;
    })
    .join('');
}

/** The file the Worker on `port` reads its variables from (git-ignored, like the dev SQL token). */
export const varsFile = (port) => resolve(`.wrangler/worker-vars-${port}.env`);

/**
 * Writes `vars` (`{ KEY: value }`) to the port's vars file and answers wrangler dev's arguments
 * for `port`: the address, the port and the files to read, never a value.
 */
export function wranglerDevArgs(port, vars) {
  const file = varsFile(port);
  writePrivateFile(file, dotenvText(vars));
  const devVars = resolve('.dev.vars');
  const files = existsSync(devVars) ? [devVars, file] : [file];
  return ['dev', '--ip', '127.0.0.1', '--port', String(port), ...files.flatMap((f) => ['--env-file', f])];
}

/**
 * `-c` for each Worker of the build, the main one first (issue 37: the renderer Worker runs beside
 * it in the same workerd, its service binding resolved locally). wrangler dev alone follows the
 * build's redirect to the main Worker and leaves out its auxiliary Workers, so they are named here.
 * No build yet: no arguments, and wrangler reads wrangler.toml as before.
 */
export function builtWorkerConfigs(redirect = resolve('.wrangler/deploy/config.json')) {
  if (!existsSync(redirect)) return [];
  const { configPath, auxiliaryWorkers = [] } = JSON.parse(readFileSync(redirect, 'utf8'));
  const paths = [configPath, ...auxiliaryWorkers.map((w) => w.configPath)];
  return paths.flatMap((p) => ['-c', resolve(dirname(redirect), p)]);
}

/**
 * Spawns `npx wrangler dev` on 127.0.0.1:`port` with `vars` (through the file) and `extra`
 * arguments; every Worker of the build unless `extra` names a config of its own.
 */
export function spawnWranglerDev(port, vars, extra, options) {
  const configs = extra.some((a) => a === '-c' || a === '--config') ? [] : builtWorkerConfigs();
  // Named configs would move local state beside the first (dist/server/.wrangler): unless the caller
  // keeps its own, it stays in the project's .wrangler/state, where `npm run db:migrate` writes.
  const state = configs.length && !extra.includes('--persist-to') ? ['--persist-to', resolve('.wrangler/state')] : [];
  return spawn('npx', ['wrangler', ...wranglerDevArgs(port, vars), ...configs, ...state, ...extra], options);
}
