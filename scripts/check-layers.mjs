// The layering rules dependency-cruiser cannot see. Run by `npm run check` next to `depcruise`.
// - depcruise does not parse .astro files: no page, component or layout imports a repo
//   (src/server/**/repo.ts or *-repo.ts) or a router (routes.ts or *-routes.ts). Pages read through
//   services (architecture guide) and take paths from plain modules.
// - depcruise sees imports, not text: no file under src/ holds SQL unless it is a repo or under
//   src/server/db/ (the batch helpers and the shared visibility rules). SQL only in repos.
// - The benches are tools, not a library: nothing under scripts/ or tests/ imports bench/.
// - Middleware lives in one folder: no file under src/server outside src/server/middleware/ makes
//   one (a function returning a Hono MiddlewareHandler, or createMiddleware). app.ts only names the type.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The folders whose .astro files are checked. */
const ROOTS = ['src/pages', 'src/components', 'src/layouts'];

/** A repo module, with or without its extension (the same names as in .dependency-cruiser.mjs). */
const REPO = /^src\/server\/.+[/-]repo(?:\.[cm]?[jt]s)?$/;
/** A router module. */
const ROUTER = /^src\/server\/.+[/-]routes(?:\.[cm]?[jt]s)?$/;
/** A bench module. */
const BENCH = /^bench\//;

/**
 * SQL in a file's text: a prepared statement, or a statement's opening words. Written for our
 * own style (keywords in capitals); prose in comments rarely says "SELECT … FROM" in capitals.
 */
const SQL = [
  /\.prepare\(/,
  /\bSELECT\s[^;]*?\bFROM\s+\w/,
  /\bINSERT\s+(?:OR\s+\w+\s+)?INTO\s+\w/,
  /\bUPDATE\s+\w+\s+SET\b/,
  /\bDELETE\s+FROM\s+\w/,
];
/** Making a middleware: a function typed to return a Hono MiddlewareHandler, or createMiddleware. */
const MAKES_MIDDLEWARE = [
  /\)\s*:\s*MiddlewareHandler\b/,
  /\bcreateMiddleware\s*\(/,
  /=\s*\(\)\s*:\s*MiddlewareHandler\b/,
];
/** Where middleware may be made. */
const MIDDLEWARE_HOME = /^src\/server\/middleware\//;

/** Whether a server file outside middleware/ makes a middleware. */
export function makesMiddleware(file, text) {
  return /^src\/server\//.test(file) && !MIDDLEWARE_HOME.test(file) && MAKES_MIDDLEWARE.some((re) => re.test(text));
}

/** Where SQL may be written. */
const SQL_HOME = /^src\/server\/(?:db\/|.+[/-]repo\.ts$)/;

/** Every module specifier a file imports: static (also `import type`, across lines), re-exports, dynamic. */
const SPECIFIERS = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/**
 * The imports of one file's text that `target` matches, as paths relative to `root`. Only relative
 * specifiers can reach our modules (the project has no path aliases); packages are skipped.
 */
export function importsOf(file, text, target, root = process.cwd()) {
  const found = new Set();
  for (const pattern of SPECIFIERS) {
    for (const m of text.matchAll(pattern)) {
      const spec = m[1] ?? '';
      if (!spec.startsWith('.')) continue;
      const to = relative(root, resolve(root, dirname(file), spec))
        .split('\\')
        .join('/');
      if (target.test(to)) found.add(to);
    }
  }
  return [...found];
}

export const repoImports = (file, text, root) => importsOf(file, text, REPO, root);
export const routerImports = (file, text, root) => importsOf(file, text, ROUTER, root);

/** Whether a file outside the SQL's homes holds SQL (comments included: say it in words there). */
export function holdsSql(file, text) {
  return !SQL_HOME.test(file) && SQL.some((re) => re.test(text));
}

/** The files under a folder whose names end with one of `ends`, relative to the project root. */
function files(dir, ends) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : files(path, ends);
    return ends.some((end) => e.name.endsWith(end)) ? [path] : [];
  });
}

function main() {
  const read = (file) => readFileSync(file, 'utf8');
  const astro = ROOTS.flatMap((dir) => files(dir, ['.astro']));
  const code = ['.ts', '.tsx', '.mjs', '.js', '.astro'];
  const violations = [
    ...astro.flatMap((file) => [
      ...repoImports(file, read(file)).map((to) => `ui-not-to-repo: ${file} → ${to}`),
      ...routerImports(file, read(file)).map((to) => `ui-not-to-router: ${file} → ${to}`),
    ]),
    ...files('src', code)
      .filter((file) => holdsSql(file, read(file)))
      .map((file) => `sql-only-in-repos: ${file}`),
    ...files('src/server', ['.ts'])
      .filter((file) => makesMiddleware(file, read(file)))
      .map((file) => `middleware-in-one-folder: ${file}`),
    ...['scripts', 'tests']
      .flatMap((dir) => files(dir, code))
      .flatMap((file) => importsOf(file, read(file), BENCH).map((to) => `no-bench-imports: ${file} → ${to}`)),
  ];
  if (violations.length === 0) {
    console.log(
      '✔ layers: no page imports a repo or a router, SQL only in repos, middleware in one folder, nothing imports the benches',
    );
    return;
  }
  for (const v of violations) console.error(`  error ${v}`);
  console.error(`\nx ${violations.length} layering violation(s): see scripts/check-layers.mjs for each rule.`);
  process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
