import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import { bake } from '../../src/server/openbadges/baking';
import { FetchBudget } from '../../src/server/outbound/fetch';
import { docSource, type DocSource } from '../../src/server/verify/doc-source';
import { toVerifyInput } from '../../src/server/verify/input';
import type { VerificationReport } from '../../src/server/verdict/report';
import { verifyBadge, type VerifyInput } from '../../src/server/verify/verify';
import { b64, PNG } from './issuing-helpers';
import { BAKED_SVG_URLS, UNBAKED } from '../support/bakery-fixtures';
import { CORE, fixtureJson, fixtureText, OB2_FIXTURES, serveAll, signingKey, SPEC } from './ob2-fixtures';
import { matchReports, recordReport } from '../support/report-snapshot';

const port = inject('issuerPort');
const server = `http://127.0.0.1:${port}`;
const testEnv = { ...env, OUTBOUND_TEST_ALLOW: `127.0.0.1:${port}` };
const NOW = Date.parse('2026-11-22T00:00:00Z');

/**
 * A test-only document source: the fixtures name their issuers' real hosts (https://example.org,
 * http://a.com), which are served here from /fx/<set>/ on the stand-in server, or from a base URL
 * of its document store. Production code never rewrites addresses.
 */
function rewriting(map: Record<string, string>): DocSource {
  const inner = docSource(testEnv, new FetchBudget());
  return {
    budget: inner.budget,
    async get(raw: unknown) {
      if (typeof raw === 'string')
        for (const [from, set] of Object.entries(map))
          if (raw.startsWith(from)) {
            const base = set.startsWith('http') ? set : `${server}/fx/${set}/`;
            return { ...(await inner.get(`${base}${raw.slice(from.length)}`)), url: raw };
          }
      return inner.get(raw);
    },
  };
}

const verify = async (input: VerifyInput, emails: string[], map: Record<string, string> = {}) =>
  recordReport(await verifyBadge(testEnv, input, emails, NOW, rewriting(map)));
const statuses = (r: VerificationReport) => Object.fromEntries(Object.entries(r.items).map(([k, v]) => [k, v.status]));

describe('conformance fixtures (tests/fixtures/conformance) with their expected outcomes', () => {
  const url = (u: string): VerifyInput => ({ kind: 'url', url: u });
  const SPEC = 'https://example.org/beths-robotics-badge.json';

  it('the OB 2.0 spec trio: valid issuer and badge class, the assertion expired on 2017-06-30', async () => {
    const r = await verify(url(SPEC), [], { 'https://example.org/': 'spec' });
    expect(r.verify_errors_code).toEqual(['E045']);
    expect(r.items.issued_by).toEqual({ status: 'success', text: 'An Example Badge Issuer' });
    expect(r.items.issued_on.status).toBe('success');
    expect(r.items.expires_on).toEqual({ status: 'fail', text: '2017-06-30T23:59:59.000Z' });
    expect(r.badge_information).toMatchObject({ badge_name: 'Awesome Robotics Badge', badge_expired: true });
  });

  it('the same assertion without expires has no errors (the recipient hash is unknown: W001 only)', async () => {
    const r = await verify(url(SPEC), [], { 'https://example.org/': 'spec-no-expiry' });
    expect(r.verify_errors_code).toEqual([]);
    expect(r.verify_warnings_code).toEqual(['W001']);
  });

  it('the revoked hosted assertion (HTTP 410, revoked: true) is revoked, with its reason', async () => {
    const r = await verify(url(SPEC), [], { 'https://example.org/': 'spec-revoked' });
    expect(r.verify_errors_code).toEqual(['E999']);
    expect(r.badge_information.revoked).toBe(true);
    expect(r.badge_information.revocation_reason).toMatch(/trenchcoat/);
  });

  it('the reference validator 2.0 trio passes for its recipient, salted sha256', async () => {
    const r = await verify(url(SPEC), ['nobody@example.org'], { 'https://example.org/': 'core2' });
    expect(r.verify_state).toBe('valid');
    expect(r.items.awarded_to).toEqual({ status: 'success', text: 'nobody@example.org' });
  });

  it('OB 1.0 trio (no @context) is valid after the upgrade; so is 1.0 with extra properties', async () => {
    const a = await verify(url('http://a.com/instance'), ['test@example.com'], { 'http://a.com/': 'core1' });
    expect(a.verify_state).toBe('valid');
    expect(a.items.issued_by.text).toBe('Basic Issuer');
    expect(a.badge_information.badge_name).toBe('Basic Badge');
    const x = await verify(url('http://a.com/instance3'), ['test@example.com'], { 'http://a.com/': 'core1' });
    expect(x.verify_state).toBe('valid');
  });

  it('OB 1.0 with a plain-string recipient is invalid', async () => {
    const r = await verify(url('http://a.com/instance'), ['test@example.com'], { 'http://a.com/': 'core1-errors' });
    expect(r.verify_state).toBe('invalid');
    expect(r.items.awarded_to.status).toBe('fail');
  });

  it('OB 1.1 without verify is invalid: verification not present', async () => {
    const r = await verify(url(SPEC), ['nobody@example.org'], { 'https://example.org/': 'core11' });
    expect(r.verify_errors_code).toEqual(['E999']);
    expect(r.verify_state).toBe('invalid');
  });

  const fixture = async (p: string) => {
    const res = await fetch(`${server}/raw/${p}`);
    if (!res.ok) throw new Error(`fixture ${p}: HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  };
  const fromImage = async (p: string) => toVerifyInput(env, { input_type: 'image', image: b64(await fixture(p)) });

  it.each(BAKED_SVG_URLS)('%s unbakes to %s', async (p, expected) => {
    expect(await fromImage(p)).toEqual({ kind: 'url', url: expected });
  });

  it.each(UNBAKED)('%s holds no badge', async (p) => {
    expect(await fromImage(p)).toBeNull();
  });

  it('baked_heart.png (an OB 1.0 assertion in iTXt) verifies at its hosted address after the upgrade', async () => {
    const input = await fromImage('concentricsky-openbadges-bakery/baked_heart.png');
    expect(input?.kind).toBe('json');
    const r = await verify(input as VerifyInput, ['test@example.com'], { 'http://example.org/': 'heart' });
    expect(r.verify_state).toBe('valid');
    expect(r.items.issued_by.text).toBe('Heart Issuer');
  });
});

/** The generated corpus: each case as given, and baked into a PNG and an SVG. */
describe('generated corpus, stand-in issuers on 127.0.0.1', () => {
  const LEARNER = ['learner@example.test'];
  const jwsOf = async (c: string) => (await fetch(`${server}/ob/jws/${c}`)).text();
  const hostedJson = (name: string) =>
    JSON.stringify({
      '@context': 'https://w3id.org/openbadges/v2',
      type: 'Assertion',
      id: `${server}/ob/a/${name}.json`,
    });
  const SVG = new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
  );

  interface Case {
    name: string;
    payload: () => Promise<{ verify: string; json?: string; input: VerifyInput }>;
    emails?: string[];
    expect: { codes: string[]; state: string; revoked?: boolean };
  }
  const hosted = (n: string) => async () => {
    const u = `${server}/ob/a/${n}.json`;
    return { verify: u, json: hostedJson(n), input: { kind: 'url' as const, url: u } };
  };
  const signed = (c: string) => async () => {
    const text = await jwsOf(c);
    return { verify: text, input: { kind: 'jws' as const, text } };
  };
  const cases: Case[] = [
    { name: 'hosted valid', payload: hosted('valid'), expect: { codes: [], state: 'valid' } },
    { name: 'hosted expired', payload: hosted('expired'), expect: { codes: ['E045'], state: 'invalid' } },
    {
      name: 'hosted revoked by 410',
      payload: hosted('revoked'),
      expect: { codes: ['E999'], state: 'invalid', revoked: true },
    },
    { name: 'hosted wrong origin', payload: hosted('foreign-issuer'), expect: { codes: ['E168'], state: 'invalid' } },
    {
      name: 'hosted recipient mismatch',
      payload: hosted('valid'),
      emails: ['other@example.test'],
      expect: { codes: ['E025'], state: 'invalid' },
    },
    { name: 'signed valid', payload: signed('valid'), expect: { codes: [], state: 'valid' } },
    { name: 'signed expired', payload: signed('expired'), expect: { codes: ['E045'], state: 'invalid' } },
    {
      name: 'signed revoked in list',
      payload: signed('revoked-in-list'),
      expect: { codes: ['E999'], state: 'invalid', revoked: true },
    },
    // Signed by another key than the one it names: to the verifier, the same as altered (E179).
    { name: 'signed wrong key', payload: signed('wrong-key'), expect: { codes: ['E179'], state: 'invalid' } },
    {
      name: 'signed key not listed (JWS-04)',
      payload: signed('unlisted-key'),
      expect: { codes: ['E168'], state: 'invalid' },
    },
    { name: 'signed tampered payload', payload: signed('tampered'), expect: { codes: ['E179'], state: 'invalid' } },
    {
      name: 'signed recipient mismatch',
      payload: signed('valid'),
      emails: ['other@example.test'],
      expect: { codes: ['E025'], state: 'invalid' },
    },
    {
      name: 'signed, revocation list unreachable (JWS-05)',
      payload: signed('list-unreachable'),
      expect: { codes: ['E999'], state: 'unverifiable' },
    },
  ];

  const check = (r: VerificationReport, c: Case) => {
    expect([...r.verify_errors_code]).toEqual(c.expect.codes);
    expect(r.verify_state).toBe(c.expect.state);
    expect(r.badge_information.revoked).toBe(c.expect.revoked ?? false);
    if (c.expect.state === 'valid')
      expect(Object.values(statuses(r))).toEqual(['success', 'success', 'success', 'success']);
  };

  it.each(cases)('$name: as given', async (c) => {
    const p = await c.payload();
    check(await verify(p.input, c.emails ?? LEARNER), c);
  });

  it.each(cases)('$name: baked PNG and SVG', async (c) => {
    const p = await c.payload();
    for (const image of [PNG, SVG]) {
      const baked = bake(image, p.json === undefined ? { verify: p.verify } : { verify: p.verify, json: p.json });
      const input = toVerifyInput(env, { input_type: 'image', image: b64(baked) });
      expect(input).not.toBeNull();
      check(await verify(input as VerifyInput, c.emails ?? LEARNER), c);
    }
  });
});

describe('the key and revocation-list caches', () => {
  it('a second signed badge of the same issuer fetches only its badge class and the issuer profile', async () => {
    const text = await (await fetch(`${server}/ob/jws/expired`)).text();
    const first = docSource(testEnv, new FetchBudget());
    await verifyBadge(testEnv, { kind: 'jws', text }, ['learner@example.test'], NOW, first);
    const second = docSource(testEnv, new FetchBudget());
    const r = recordReport(await verifyBadge(testEnv, { kind: 'jws', text }, ['learner@example.test'], NOW, second));
    expect(r.verify_errors_code).toEqual(['E045']);
    // The badge class and the profile again; key (10 min) and revocation list (60 s) from the caches.
    expect(10 - second.budget.left).toBe(2);
  });
});

/**
 * Issue 33: every OB 2.0 fixture file of tests/fixtures/conformance against its expected outcome
 * (tests/fixtures/README.md), the ones the first block does not read here. Where 1EdTech's
 * validator-core answers otherwise, docs/design/verification.md ("Verifying Open Badges 2.0") lists the file and why.
 */
describe('every OB 2.0 fixture file against its expected outcome', () => {
  const EX = 'https://example.org/';
  const TRIO = 'the OB 2.0 spec trio: valid issuer and badge class, the assertion expired on 2017-06-30';
  const EXT = 'its extension matches its bundled schema, or none applies (W004)';
  /** Which test asserts each file (this block's, or the first block's). */
  const ASSERTED_BY: Record<string, string> = {
    [`${SPEC}examples-01-Assertion.json`]: TRIO,
    [`${SPEC}examples-02-BadgeClass.json`]: TRIO,
    [`${SPEC}examples-03-Issuer.json`]: TRIO,
    [`${SPEC}examples-10-RevocationList.json`]: 'examples-10-RevocationList',
    [`${SPEC}examples-11-revoked-hosted-assertion.json`]: 'the revoked hosted assertion',
    ...Object.fromEntries(OB2_FIXTURES.filter((f) => f.startsWith(`${SPEC}extensions`)).map((f) => [f, EXT])),
    [`${CORE}2_0_basic_assertion.json`]: 'the reference validator 2.0 trio',
    [`${CORE}2_0_basic_badgeclass.json`]: 'the reference validator 2.0 trio',
    [`${CORE}2_0_basic_issuer.json`]: 'the reference validator 2.0 trio',
    [`${CORE}1_1_basic_assertion.json`]: 'OB 1.1 without verify; the 1.1 trio with verify',
    [`${CORE}1_1_basic_badgeclass.json`]: 'the 1.1 trio with verify',
    [`${CORE}1_1_basic_issuer.json`]: 'the 1.1 trio with verify',
    [`${CORE}1_0_basic_assertion.json`]: 'OB 1.0 trio',
    [`${CORE}1_0_basic_badgeclass.json`]: 'OB 1.0 trio',
    [`${CORE}1_0_basic_issuer.json`]: 'OB 1.0 trio',
    [`${CORE}1_0_basic_assertion_with_extra_properties.json`]: 'OB 1.0 trio',
    [`${CORE}1_0_assertion_with_errors.json`]: 'OB 1.0 with a plain-string recipient',
    [`${CORE}0_5_assertion.json`]: '0_5_assertion',
    [`${CORE}openbadges_context.json`]: 'openbadges_context',
    'openbadges-validator-core/public_domain_heart.png': 'holds no badge',
  };

  it('every OB 2.0 fixture file has its expected outcome asserted', () => {
    expect(Object.keys(ASSERTED_BY).sort()).toEqual([...OB2_FIXTURES].sort());
  });

  const noExpiry = async () => {
    const a = await fixtureJson(`${SPEC}examples-01-Assertion.json`);
    delete a['expires'];
    return a;
  };

  it('examples-10-RevocationList revokes the signed badges it lists, with their reasons', async () => {
    const issuer = await fixtureJson(`${SPEC}examples-03-Issuer.json`);
    const { key, sign } = await signingKey(String(issuer['publicKey']), String(issuer['id']));
    const base = await serveAll({
      'organization.json': await fixtureText(`${SPEC}examples-03-Issuer.json`),
      'robotics-badge.json': await fixtureText(`${SPEC}examples-02-BadgeClass.json`),
      'revocationList.json': await fixtureText(`${SPEC}examples-10-RevocationList.json`),
      'publicKey.json': key,
    });
    const signed = async (id: string) => {
      const text = await sign({ ...(await noExpiry()), id, verification: { type: 'SignedBadge', creator: key.id } });
      return verify({ kind: 'jws', text }, [], { [EX]: base });
    };
    const reasoned = await signed('urn:uuid:e79a6c18-787e-4868-8e65-e6a4530fb418');
    expect(reasoned.verify_errors_code).toEqual(['E999']);
    expect(reasoned.badge_information).toMatchObject({ revoked: true, revocation_reason: 'Honor code violation' });
    const bare = await signed('urn:uuid:3c574c87-b96f-4f06-8eb5-68a29335b60e');
    expect(bare.badge_information).toMatchObject({ revoked: true, revocation_reason: null });
    const other = await signed('urn:uuid:5a1d0f7e-6c2b-4d5e-8f90-0123456789ab');
    expect(other.verify_errors_code).toEqual([]);
    expect(other.verify_warnings_code).toEqual(['W001']);
  });

  // Their published contexts' validatesType (extensions#accessibility, extensions:originalCreator,
  // endorsement) names no type these examples write: no schema applies (validator-core fails them).
  const UNCHECKED = new Set(
    ['extensions-04-Accessibility', 'extensions-06-OriginalCreator', 'extensions_endorsement-02-Endorsement'].map(
      (n) => `${SPEC}${n}.json`,
    ),
  );
  it.each(OB2_FIXTURES.filter((f) => f.startsWith(`${SPEC}extensions`)))(`%s: ${EXT}`, async (f) => {
    const ex = await fixtureJson(f);
    const assertion = await noExpiry();
    const badge = await fixtureJson(`${SPEC}examples-02-BadgeClass.json`);
    // The example's extension properties, in the kind of object it shows them in (a badge class if unsaid).
    Object.assign(
      ex['type'] === 'Assertion' ? assertion : badge,
      Object.fromEntries(Object.entries(ex).filter(([k]) => k.includes(':'))),
    );
    const base = await serveAll({
      'beths-robotics-badge.json': assertion,
      'robotics-badge.json': badge,
      'organization.json': await fixtureText(`${SPEC}examples-03-Issuer.json`),
    });
    const r = await verify({ kind: 'url', url: `${EX}beths-robotics-badge.json` }, [], { [EX]: base });
    expect(r.verify_errors_code).toEqual([]);
    expect(r.verify_warnings_code).toEqual(UNCHECKED.has(f) ? ['W001', 'W004'] : ['W001']);
  });

  it('extensions_endorsement-01 is a valid OB 1.1 badge class; -02, a 1.1 assertion without verify, is E999', async () => {
    const host = 'http://endorser.org/';
    const base = await serveAll({
      endorsementclass1: await fixtureText(`${SPEC}extensions_endorsement-01-Endorsement.json`),
      endorsement124: await fixtureText(`${SPEC}extensions_endorsement-02-Endorsement.json`),
      // An OB 1.0 assertion and issuer written here for that badge class (the examples stop there).
      issuer1: { name: 'Endorser', url: 'http://endorser.org' },
      instance: {
        uid: 'e1',
        issuedOn: '2015-05-20',
        badge: `${host}endorsementclass1`,
        recipient: { identity: 'test@example.com', hashed: false },
        verify: { type: 'hosted', url: `${host}instance` },
      },
    });
    const a = await verify({ kind: 'url', url: `${host}instance` }, ['test@example.com'], { [host]: base });
    expect(a.verify_state).toBe('valid');
    expect(a.badge_information.badge_name).toBe('Endorsement Badge');
    const e = await verify({ kind: 'url', url: `${host}endorsement124` }, [], { [host]: base });
    expect(e.verify_errors_code).toEqual(['E999']);
  });

  it('0_5_assertion: OB 0.5, given as JSON or at a URL, is no badge read here (E999)', async () => {
    const text = await fixtureText(`${CORE}0_5_assertion.json`);
    const given = await verify({ kind: 'json', doc: JSON.parse(text) as Record<string, unknown> }, [
      'test@example.com',
    ]);
    expect(given.verify_errors_code).toEqual(['E999']);
    const base = await serveAll({ assertion: text });
    const host = 'http://oldstyle.com/';
    const fetched = await verify({ kind: 'url', url: `${host}assertion` }, ['test@example.com'], { [host]: base });
    expect(fetched.verify_errors_code).toEqual(['E999']);
  });

  it('openbadges_context written inline in the 2.0 trio, as the validator`s tests do: valid', async () => {
    const context = (await fixtureJson(`${CORE}openbadges_context.json`))['@context'];
    const doc = async (n: string) => ({ ...(await fixtureJson(`${CORE}2_0_basic_${n}.json`)), '@context': context });
    const base = await serveAll({
      'beths-robotics-badge.json': await doc('assertion'),
      'robotics-badge.json': await doc('badgeclass'),
      'organization.json': await doc('issuer'),
    });
    const r = await verify({ kind: 'url', url: `${EX}beths-robotics-badge.json` }, ['nobody@example.org'], {
      [EX]: base,
    });
    expect(r.verify_state).toBe('valid');
  });

  it('the 1.1 trio with verify (the 1.1 name of verification): valid, its badge class and issuer read as 1.1', async () => {
    const a = await fixtureJson(`${CORE}1_1_basic_assertion.json`);
    delete a['verification'];
    a['verify'] = { type: 'hosted', url: a['id'] };
    const base = await serveAll({
      'beths-robotics-badge.json': a,
      'robotics-badge.json': await fixtureText(`${CORE}1_1_basic_badgeclass.json`),
      'organization.json': await fixtureText(`${CORE}1_1_basic_issuer.json`),
    });
    const r = await verify({ kind: 'url', url: `${EX}beths-robotics-badge.json` }, ['nobody@example.org'], {
      [EX]: base,
    });
    expect(r.verify_state).toBe('valid');
    expect(r.items.issued_by.text).toBe('An Example Badge Issuer');
    expect(r.badge_information.badge_name).toBe('Awesome Robotics Badge');
  });
});

it('the reports of this corpus are held while the verifier changes shape (issue 36)', () =>
  matchReports('conformance'));
