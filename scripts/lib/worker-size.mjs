// The size `wrangler deploy` reports ("Total Upload: … KiB / gzip: … KiB") for a build it uploads as
// it is (issue 34, item 4). Astro's adapter bundles the Worker and writes `no_bundle: true` into the
// build's wrangler.json, so wrangler's own step only collects files: every file under the entry's
// folder that a module rule matches (the build's rules, then wrangler's defaults), in the order the
// folder is read, with the entry last; the figure is the size of all their bytes end to end, and of
// those bytes gzipped in one stream. Reading it here spares the test command a second pass over the
// build; tests/unit/worker-size.test.ts holds it to the figure of a real `wrangler deploy --dry-run`.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** wrangler's default module rules, which apply after the build's own. */
const DEFAULT_RULES = [
  { type: 'Text', globs: ['**/*.txt', '**/*.html', '**/*.sql'] },
  { type: 'Data', globs: ['**/*.bin'] },
  { type: 'CompiledWasm', globs: ['**/*.wasm', '**/*.wasm?module'] },
];

// A module rule's glob as a regular expression: `**` and a slash for any folders (or none), `*`
// for any part of one name, anything else as written.
function globRegExp(glob) {
  const parts = glob.split(/(\*\*\/|\*)/).map((part) => {
    if (part === '**/') return '(?:[^/]*(?:/|$))*';
    if (part === '*') return '[^/]*';
    return part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('')}$`);
}

/** The rules wrangler applies: a rule is dropped when an earlier one of its type has no `fallthrough`. */
function moduleRules(buildRules) {
  const closed = new Set();
  return [...buildRules, ...DEFAULT_RULES].filter((rule) => {
    if (closed.has(rule.type)) return false;
    if (rule.fallthrough !== true) closed.add(rule.type);
    return true;
  });
}

/** Every file under `dir`, as paths relative to `root` with `/`, in the order the folders are read. */
function filesUnder(root, dir = root) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(root, path) : [relative(root, path).split('\\').join('/')];
  });
}

/**
 * The upload of the build described by `configPath` (the build's wrangler.json): `{ bytes, gzipBytes,
 * modules }`. Throws when the build asks wrangler to bundle it again, since that upload is not these files.
 */
export function workerUploadSize(configPath) {
  const config = JSON.parse(readFileSync(configPath, 'utf8'));
  if (config.no_bundle !== true)
    throw new Error(
      `${configPath} does not say no_bundle: wrangler would bundle it again, to a size read only by its dry run`,
    );
  const main = resolve(dirname(configPath), config.main);
  const root = dirname(main);
  const rules = moduleRules(config.rules ?? []).flatMap((rule) => rule.globs.map(globRegExp));
  const entry = relative(root, main).split('\\').join('/');
  const modules = filesUnder(root).filter((file) => file !== entry && rules.some((rule) => rule.test(file)));
  const bytes = Buffer.concat([...modules.map((file) => readFileSync(join(root, file))), readFileSync(main)]);
  return { bytes: bytes.length, gzipBytes: gzipSync(bytes).length, modules: modules.length + 1 };
}
