import { readFileSync } from 'node:fs';

/**
 * The conformance fixtures of tests/fixtures/conformance served as their issuers would serve them. Each
 * set stands for one issuer's host; tests rewrite that host (https://example.org, http://a.com…)
 * to `/fx/<set>/` on this server in a test-only document source, never in production code.
 */
const C = new URL('../fixtures/conformance/', import.meta.url);
const file = (p: string) => readFileSync(new URL(p, C), 'utf8');
const spec = (n: string) => file(`openbadges-specification/ob_v2p0-examples/${n}.json`);
const core = (n: string) => file(`openbadges-validator-core/test_components/${n}.json`);

function withoutExpiry(json: string): string {
  const doc = JSON.parse(json) as Record<string, unknown>;
  delete doc['expires'];
  return JSON.stringify(doc);
}

type Entry = string | { status: number; body: string };

const SETS: Record<string, Record<string, Entry>> = {
  // The OB 2.0 specification's hosted trio at https://example.org (its assertion expired in 2017).
  spec: {
    'beths-robotics-badge.json': spec('examples-01-Assertion'),
    'robotics-badge.json': spec('examples-02-BadgeClass'),
    'organization.json': spec('examples-03-Issuer'),
  },
  'spec-no-expiry': {
    'beths-robotics-badge.json': withoutExpiry(spec('examples-01-Assertion')),
    'robotics-badge.json': spec('examples-02-BadgeClass'),
    'organization.json': spec('examples-03-Issuer'),
  },
  'spec-revoked': {
    'beths-robotics-badge.json': { status: 410, body: spec('examples-11-revoked-hosted-assertion') },
  },
  // The reference validator's OB 2.0 trio, and its OB 1.0 trio at http://a.com.
  core2: {
    'beths-robotics-badge.json': core('2_0_basic_assertion'),
    'robotics-badge.json': core('2_0_basic_badgeclass'),
    'organization.json': core('2_0_basic_issuer'),
  },
  core1: {
    instance: core('1_0_basic_assertion'),
    instance3: core('1_0_basic_assertion_with_extra_properties'),
    badgeclass: core('1_0_basic_badgeclass'),
    issuer: core('1_0_basic_issuer'),
  },
  'core1-errors': {
    instance: core('1_0_assertion_with_errors'),
    badgeclass: core('1_0_basic_badgeclass'),
    issuer: core('1_0_basic_issuer'),
  },
  core11: {
    'beths-robotics-badge.json': core('1_1_basic_assertion'),
    'robotics-badge.json': core('1_1_basic_badgeclass'),
    'organization.json': core('1_1_basic_issuer'),
  },
  // concentricsky's baked_heart.png holds a 1.0 assertion at http://example.org/badgeinstance1; the
  // fixtures stop there, so its badge class and issuer are written here in the 1.0 shape.
  heart: {
    badgeinstance1: JSON.stringify({
      uid: '123',
      issuedOn: '2015-04-01',
      badge: 'http://example.org/badge1',
      recipient: { identity: 'test@example.com', hashed: false },
      verify: { type: 'hosted', url: 'http://example.org/badgeinstance1' },
    }),
    badge1: JSON.stringify({
      name: 'Heart',
      description: 'A public-domain heart.',
      image: 'http://example.org/heart.png',
      criteria: 'http://example.org/criteria',
      issuer: 'http://example.org/issuer1',
    }),
    issuer1: JSON.stringify({ name: 'Heart Issuer', url: 'http://example.org' }),
  },
};

/**
 * Answers `/fx/<set>/<path>` as an issuer would, and `/raw/<file>` with a conformance file's bytes
 * (tests in workerd cannot read files outside the project); false for any other path.
 */
export function serveFixture(
  pathname: string,
  send: (status: number, body: string | Buffer, h?: Record<string, string>) => void,
) {
  const raw = /^\/raw\/([\w./-]+)$/.exec(pathname)?.[1];
  if (raw && !raw.includes('..')) {
    send(200, readFileSync(new URL(raw, C)), { 'content-type': 'application/octet-stream' });
    return true;
  }
  const m = /^\/fx\/([^/]+)\/(.+)$/.exec(pathname);
  if (!m) return false;
  const entry = SETS[m[1] ?? '']?.[m[2] ?? ''];
  if (entry === undefined) send(404, 'not found');
  else if (typeof entry === 'string') send(200, entry, { 'content-type': 'application/ld+json' });
  else send(entry.status, entry.body, { 'content-type': 'application/ld+json' });
  return true;
}
