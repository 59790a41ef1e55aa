// What `npm run bench` measures. The first target is the baseline every ratio is taken against,
// so figures from different machines compare as ratios. Later features add their targets here.
export const TARGETS = [
  { name: 'static asset (baseline)', path: '/ns/portal/openbadge/favicon.svg' },
  // The floors of any answer the Worker makes (issue 23): its whole middleware chain with no D1
  // query (version.json), and with one indexed D1 point query (/api/health), the edge cache's hit
  // path being one such query beside a cache match.
  { name: 'version.json (Worker, no D1)', path: '/ns/portal/openbadge/version.json' },
  { name: 'health (Worker + one D1 point query)', path: '/api/health' },
  { name: 'server-rendered page (/init)', path: '/ns/portal/openbadge/init?language=ja' },
  { name: 'server-rendered 404 page', path: '/ns/portal/openbadge/no-such-page' },
];
