// `npm run bench:lighthouse`: Lighthouse (mobile emulation, Debian's chromium) on the public badge
// page, plus the JavaScript it loads before any interaction (gzip bytes on the wire). Lighthouse is
// fetched by npx at a pinned version when this runs; it is a measuring tool, not a dependency.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { devSql } from '../scripts/lib/dev-sql.mjs';
import { startWorker } from './server.mjs';

const PORT = 8791;
const worker = await startWorker(PORT);
try {
  // A received badge of the demo wallet, made public for the run.
  const [row] = await devSql(
    worker.base,
    `SELECT a.id FROM assertions a JOIN account_emails e ON e.account_id = a.account_id
     WHERE e.email_normalized = 'demo@lanyard.localhost' AND a.accept_status = 2 LIMIT 1`,
  );
  if (!row) throw new Error('no received demo badge: run npm start once to seed the demo data');
  await devSql(worker.base, `UPDATE assertions SET is_public = 1 WHERE id = '${row.id}'`);
  const url = `${worker.base}/ns/portal/openbadge/public/assertions/detail/${row.id}?language=en`;
  await fetch(url); // warm the isolate, as a visitor after the first would find it
  execFileSync(
    'npx',
    [
      '--yes',
      'lighthouse@13.5.0',
      url,
      '--only-categories=performance,accessibility',
      '--output=json',
      '--output-path=bench/results/lighthouse.json',
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { stdio: 'inherit', env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' } },
  );
  const report = JSON.parse(readFileSync('bench/results/lighthouse.json', 'utf8'));
  const scripts = report.audits['network-requests'].details.items.filter((r) => r.resourceType === 'Script');
  const jsBytes = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  console.log(`public badge page, mobile emulation (${report.lighthouseVersion}):`);
  console.log(`  performance ${Math.round(report.categories.performance.score * 100)}`);
  console.log(`  accessibility ${Math.round(report.categories.accessibility.score * 100)}`);
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
  ])
    console.log(`  ${id}: ${report.audits[id].displayValue}`);
  console.log(
    `  JavaScript before interaction: ${scripts.length} files, ${(jsBytes / 1024).toFixed(1)} KB on the wire`,
  );
} finally {
  worker.stop();
}
