// Runs after `npm run build`: bundles the Worker exactly as `wrangler deploy` would, without uploading
// (`wrangler deploy --dry-run`), so a change that breaks the production bundle fails before it lands.
// Then it holds the result to three rules:
//   - the compressed size stays within BUDGET_GZIP_KIB, the Workers Free plan's old 3 MiB limit,
//     which the project keeps as its budget (a bigger Worker starts more slowly on every cold start),
//     and the uncompressed size within the platform's 64 MiB;
//   - the build output carries no SESSION KV or IMAGES binding, which @astrojs/cloudflare adds unless
//     Astro's `session` and `imageService` are set (a KV namespace would be provisioned on deploy);
//   - the variables it would upload are production's, not the local ones (scripts/lib/local-vars.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { localVars } from './lib/local-vars.mjs';

const BUDGET_GZIP_KIB = 3 * 1024;
const PLATFORM_MAX_KIB = 64 * 1024;
const OUTDIR = '.wrangler/dry-run';
const REDIRECT = '.wrangler/deploy/config.json';

if (!existsSync(REDIRECT)) {
  console.error(`deploy check: ${REDIRECT} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const run = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', OUTDIR], {
  encoding: 'utf8',
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', FORCE_COLOR: '0' },
});
const output = `${run.stdout}\n${run.stderr}`;
if (run.status !== 0) {
  console.error(output);
  console.error('deploy check: `wrangler deploy --dry-run` failed: the production bundle does not build.');
  process.exit(1);
}

const problems = [];
const size = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
if (!size) problems.push('no "Total Upload: … KiB / gzip: … KiB" line in the dry run output');
const [total, gzip] = size ? [Number(size[1]), Number(size[2])] : [0, 0];
if (gzip > BUDGET_GZIP_KIB)
  problems.push(`the Worker is ${gzip.toFixed(2)} KiB gzip, over the ${BUDGET_GZIP_KIB} KiB budget`);
if (total > PLATFORM_MAX_KIB)
  problems.push(`the Worker is ${total.toFixed(2)} KiB, over the platform's ${PLATFORM_MAX_KIB} KiB`);

// The redirect file sends wrangler deploy to the build's own configuration: read that one.
const { configPath } = JSON.parse(readFileSync(REDIRECT, 'utf8'));
const config = JSON.parse(readFileSync(resolve('.wrangler/deploy', configPath), 'utf8'));
for (const kv of config.kv_namespaces ?? []) problems.push(`the build adds a KV namespace binding ${kv.binding}`);
if (config.images) problems.push(`the build adds an Images binding ${config.images.binding}`);
const local = localVars();
for (const [name, value] of Object.entries(config.vars ?? {})) {
  if (local[name] !== undefined && value === local[name]) problems.push(`${name} is the local value "${value}"`);
  else if (/127\.0\.0\.1|localhost/.test(String(value))) problems.push(`${name} points at this machine: "${value}"`);
}

console.log(
  `deploy check: Worker ${total.toFixed(2)} KiB, ${gzip.toFixed(2)} KiB gzip (budget ${BUDGET_GZIP_KIB} KiB gzip, ` +
    `${((gzip / BUDGET_GZIP_KIB) * 100).toFixed(0)}% used); bundle in ${OUTDIR}`,
);
if (problems.length > 0) {
  for (const p of problems) console.error(`deploy check: ${p}`);
  process.exit(1);
}
