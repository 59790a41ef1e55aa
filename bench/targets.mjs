// What `npm run bench` measures. The first target is the baseline every ratio is taken against,
// so figures from different machines compare as ratios. Later features add their targets here.
export const TARGETS = [
  { name: 'static asset (baseline)', path: '/ns/portal/openbadge/favicon.svg' },
  { name: 'version.json', path: '/ns/portal/openbadge/version.json' },
  { name: 'server-rendered page (/init)', path: '/ns/portal/openbadge/init?language=ja' },
  { name: 'server-rendered 404 page', path: '/ns/portal/openbadge/no-such-page' },
];
