/** The baked and unbaked images of tests/fixtures/conformance, with what tests/fixtures/README.md expects. */
export const BAKED_SVG_URLS: [file: string, url: string][] = [
  ['mozilla-openbadges-bakery/baked.svg', 'http://example.org'],
  ['mozilla-openbadges-bakery/bad-json.svg', 'http://example.org'],
  ['mozilla-openbadges-bakery/no-json.svg', 'http://example.org'],
  ['concentricsky-openbadges-bakery/baked_example.svg', 'https://example.org/assertion.json'],
];

export const UNBAKED = [
  'mozilla-openbadges-bakery/unbaked.svg',
  'mozilla-openbadges-bakery/unbaked.png',
  'concentricsky-openbadges-bakery/public_domain_heart.png',
  'concentricsky-openbadges-bakery/unbaked_example.svg',
  'openbadges-validator-core/public_domain_heart.png',
];
