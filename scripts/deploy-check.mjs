// Runs after `npm run build`: holds each Worker that `wrangler deploy` would upload (the main one and
// the auxiliary Workers the build lists, issue 37: the renderer) to these rules:
//   - the compressed size stays within its budget: 1,200 KiB gzip for the main Worker, whose start-up
//     every first visit to a Cloudflare location pays, 1,200 for the renderer, and the Workers Free
//     plan's old 3 MiB for any other; the uncompressed size within the platform's 64 MiB;
//   - every service binding names a Worker of the build, and the main Worker carries no WebAssembly of
//     the renderer's (resvg, yoga), which would mean the drawing code came back into it;
//   - the libraries meant to load on first use (the PDF stack, the SVG sanitiser, the passkey library,
//     the catalogues other than English) are not in the main Worker's start-up graph (lib/startup-graph.mjs);
//   - the build output carries no SESSION KV or IMAGES binding, which @astrojs/cloudflare adds unless
//     Astro's `session` and `imageService` are set (a KV namespace would be provisioned on deploy);
//   - the variables it would upload are production's, not the local ones (scripts/lib/local-vars.mjs).
// The size is read from the build itself (scripts/lib/worker-size.mjs), the figure `wrangler deploy
// --dry-run` prints: the dry run only collected the same files again (issue 34, item 4). Wrangler
// still reads the build's configuration in the test command, when Playwright's Worker starts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { localVars } from './lib/local-vars.mjs';
import { eagerLibraries } from './lib/startup-graph.mjs';
import { workerUploadSize } from './lib/worker-size.mjs';

const BUDGET_GZIP_KIB = { lanyard: 1200, 'lanyard-renderer': 1200 };
const DEFAULT_BUDGET_GZIP_KIB = 3 * 1024;
const PLATFORM_MAX_KIB = 64 * 1024;
const REDIRECT = '.wrangler/deploy/config.json';
/** WebAssembly only the renderer may carry (file names as the build writes them: name.hash.wasm). */
const RENDERER_ONLY = /^(index_bg|yoga)\.[\w-]+\.wasm$/;

if (!existsSync(REDIRECT)) {
  console.error(`deploy check: ${REDIRECT} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

// The redirect file sends wrangler deploy to the build's own configurations: read those.
const redirect = JSON.parse(readFileSync(REDIRECT, 'utf8'));
const paths = [redirect.configPath, ...(redirect.auxiliaryWorkers ?? []).map((w) => w.configPath)];
const workers = paths.map((p) => {
  const path = resolve('.wrangler/deploy', p);
  return { path, config: JSON.parse(readFileSync(path, 'utf8')) };
});
const built = new Set(workers.map((w) => w.config.name));
const problems = [];
const local = localVars();

for (const [index, { path, config }] of workers.entries()) {
  const name = config.name;
  let size;
  try {
    size = workerUploadSize(path);
  } catch (err) {
    console.error(`deploy check: ${err.message}`);
    process.exit(1);
  }
  const budget = BUDGET_GZIP_KIB[name] ?? DEFAULT_BUDGET_GZIP_KIB;
  const [total, gzip] = [size.bytes / 1024, size.gzipBytes / 1024];
  if (gzip > budget) problems.push(`the Worker ${name} is ${gzip.toFixed(2)} KiB gzip, over the ${budget} KiB budget`);
  if (total > PLATFORM_MAX_KIB)
    problems.push(`the Worker ${name} is ${total.toFixed(2)} KiB, over the platform's ${PLATFORM_MAX_KIB} KiB`);
  for (const s of config.services ?? [])
    if (!built.has(s.service))
      problems.push(`${name}'s binding ${s.binding} names ${s.service}, which the build has not`);
  const wasm = join(dirname(path), '_astro');
  if (index === 0 && existsSync(wasm))
    for (const f of readdirSync(wasm).filter((f) => RENDERER_ONLY.test(f)))
      problems.push(`the main Worker carries the renderer's ${f}`);
  if (index === 0)
    for (const [what, file] of eagerLibraries(join(dirname(path), config.main)))
      problems.push(`${what} is in the main Worker's start-up (statically imported, by ${relative('.', file)})`);
  for (const kv of config.kv_namespaces ?? []) problems.push(`${name} adds a KV namespace binding ${kv.binding}`);
  if (config.images) problems.push(`${name} adds an Images binding ${config.images.binding}`);
  for (const [key, value] of Object.entries(config.vars ?? {})) {
    if (local[key] !== undefined && value === local[key]) problems.push(`${key} is the local value "${value}"`);
    else if (/127\.0\.0\.1|localhost/.test(String(value))) problems.push(`${key} points at this machine: "${value}"`);
  }
  console.log(
    `deploy check: Worker ${name} ${total.toFixed(2)} KiB, ${gzip.toFixed(2)} KiB gzip (budget ${budget} KiB gzip, ` +
      `${((gzip / budget) * 100).toFixed(0)}% used); bundle in ${relative('.', dirname(path))}`,
  );
}

if (problems.length > 0) {
  for (const p of problems) console.error(`deploy check: ${p}`);
  process.exit(1);
}
