// Runs after `npm run build`: holds the build that `wrangler deploy` would upload to three rules:
//   - the compressed size stays within BUDGET_GZIP_KIB, the Workers Free plan's old 3 MiB limit,
//     which the project keeps as its budget (a bigger Worker starts more slowly on every cold start),
//     and the uncompressed size within the platform's 64 MiB;
//   - the build output carries no SESSION KV or IMAGES binding, which @astrojs/cloudflare adds unless
//     Astro's `session` and `imageService` are set (a KV namespace would be provisioned on deploy);
//   - the variables it would upload are production's, not the local ones (scripts/lib/local-vars.mjs).
// The size is read from the build itself (scripts/lib/worker-size.mjs), the figure `wrangler deploy
// --dry-run` prints: the dry run only collected the same files again (issue 34, item 4). Wrangler
// still reads the build's configuration in the test command, when Playwright's Worker starts.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { localVars } from './lib/local-vars.mjs';
import { workerUploadSize } from './lib/worker-size.mjs';

const BUDGET_GZIP_KIB = 3 * 1024;
const PLATFORM_MAX_KIB = 64 * 1024;
const REDIRECT = '.wrangler/deploy/config.json';

if (!existsSync(REDIRECT)) {
  console.error(`deploy check: ${REDIRECT} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

// The redirect file sends wrangler deploy to the build's own configuration: read that one.
const buildConfig = resolve('.wrangler/deploy', JSON.parse(readFileSync(REDIRECT, 'utf8')).configPath);
const config = JSON.parse(readFileSync(buildConfig, 'utf8'));

const problems = [];
let size;
try {
  size = workerUploadSize(buildConfig);
} catch (err) {
  console.error(`deploy check: ${err.message}`);
  process.exit(1);
}
const [total, gzip] = [size.bytes / 1024, size.gzipBytes / 1024];
if (gzip > BUDGET_GZIP_KIB)
  problems.push(`the Worker is ${gzip.toFixed(2)} KiB gzip, over the ${BUDGET_GZIP_KIB} KiB budget`);
if (total > PLATFORM_MAX_KIB)
  problems.push(`the Worker is ${total.toFixed(2)} KiB, over the platform's ${PLATFORM_MAX_KIB} KiB`);

for (const kv of config.kv_namespaces ?? []) problems.push(`the build adds a KV namespace binding ${kv.binding}`);
if (config.images) problems.push(`the build adds an Images binding ${config.images.binding}`);
const local = localVars();
for (const [name, value] of Object.entries(config.vars ?? {})) {
  if (local[name] !== undefined && value === local[name]) problems.push(`${name} is the local value "${value}"`);
  else if (/127\.0\.0\.1|localhost/.test(String(value))) problems.push(`${name} points at this machine: "${value}"`);
}

console.log(
  `deploy check: Worker ${total.toFixed(2)} KiB, ${gzip.toFixed(2)} KiB gzip (budget ${BUDGET_GZIP_KIB} KiB gzip, ` +
    `${((gzip / BUDGET_GZIP_KIB) * 100).toFixed(0)}% used); bundle in ${relative('.', dirname(buildConfig))}`,
);
if (problems.length > 0) {
  for (const p of problems) console.error(`deploy check: ${p}`);
  process.exit(1);
}
