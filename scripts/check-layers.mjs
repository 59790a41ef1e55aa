// The layering rule dependency-cruiser cannot see: it does not parse .astro files, so this checks
// that no page, component or layout imports a repo (src/server/**/repo.ts or *-repo.ts). Pages read
// through services (architecture guide: SQL only in repos, pages only through services). Run by
// `npm run check` next to `depcruise`, which enforces the same rule on .ts and .tsx files.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The folders whose .astro files are checked. */
const ROOTS = ['src/pages', 'src/components', 'src/layouts'];

/** A repo module, with or without its extension (the same names as in .dependency-cruiser.mjs). */
const REPO = /^src\/server\/.+[/-]repo(?:\.[cm]?[jt]s)?$/;

/** Every module specifier a file imports: static (also `import type`, across lines), re-exports, dynamic. */
const SPECIFIERS = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/**
 * The repo imports of one file's text, as paths relative to `root`. Only relative specifiers can
 * reach src/server (the project has no path aliases); packages are skipped.
 */
export function repoImports(file, text, root = process.cwd()) {
  const found = new Set();
  for (const pattern of SPECIFIERS) {
    for (const m of text.matchAll(pattern)) {
      const spec = m[1] ?? '';
      if (!spec.startsWith('.')) continue;
      const target = relative(root, resolve(root, dirname(file), spec))
        .split('\\')
        .join('/');
      if (REPO.test(target)) found.add(target);
    }
  }
  return [...found];
}

/** The .astro files under a folder, as paths relative to the project root. */
function astroFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return astroFiles(path);
    return e.name.endsWith('.astro') ? [path] : [];
  });
}

function main() {
  const violations = ROOTS.flatMap(astroFiles).flatMap((file) =>
    repoImports(file, readFileSync(file, 'utf8')).map((target) => `${file} → ${target}`),
  );
  if (violations.length === 0) {
    console.log('✔ no .astro file imports a repo');
    return;
  }
  for (const v of violations) console.error(`  error ui-not-to-repo: ${v}`);
  console.error(`\nx ${violations.length} .astro import(s) of a repo: read through the domain's service instead.`);
  process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
