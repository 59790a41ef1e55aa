import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import { bake } from '../../src/server/openbadges/baking';
import { FetchBudget } from '../../src/server/outbound/fetch';
import { docSource, type DocSource } from '../../src/server/verify/doc-source';
import { toVerifyInput } from '../../src/server/verify/input';
import type { VerificationReport } from '../../src/server/verify/report';
import { verifyBadge, type VerifyInput } from '../../src/server/verify/verify';
import { b64, PNG } from './issuing-helpers';
import { BAKED_SVG_URLS, UNBAKED } from '../support/bakery-fixtures';

const port = inject('issuerPort');
const server = `http://127.0.0.1:${port}`;
const testEnv = { ...env, OUTBOUND_TEST_ALLOW: `127.0.0.1:${port}` };
const NOW = Date.parse('2026-11-22T00:00:00Z');

/**
 * A test-only document source: the fixtures name their issuers' real hosts (https://example.org,
 * http://a.com), which are served here from /fx/<set>/ on the stand-in server. Production code
 * never rewrites addresses.
 */
function rewriting(map: Record<string, string>): DocSource {
  const inner = docSource(testEnv, new FetchBudget());
  return {
    budget: inner.budget,
    async get(raw: unknown) {
      if (typeof raw === 'string')
        for (const [from, set] of Object.entries(map))
          if (raw.startsWith(from))
            return { ...(await inner.get(`${server}/fx/${set}/${raw.slice(from.length)}`)), url: raw };
      return inner.get(raw);
    },
  };
}

const verify = (input: VerifyInput, emails: string[], map: Record<string, string> = {}) =>
  verifyBadge(testEnv, input, emails, NOW, rewriting(map));
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
    { name: 'signed wrong key', payload: signed('wrong-key'), expect: { codes: ['E168'], state: 'invalid' } },
    {
      name: 'signed key not listed (JWS-04)',
      payload: signed('unlisted-key'),
      expect: { codes: ['E168'], state: 'invalid' },
    },
    { name: 'signed tampered payload', payload: signed('tampered'), expect: { codes: ['E168'], state: 'invalid' } },
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
    const r = await verifyBadge(testEnv, { kind: 'jws', text }, ['learner@example.test'], NOW, second);
    expect(r.verify_errors_code).toEqual(['E045']);
    // The badge class and the profile again; key (10 min) and revocation list (60 s) from the caches.
    expect(10 - second.budget.left).toBe(2);
  });
});
