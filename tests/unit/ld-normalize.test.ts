import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeDoc } from '../../src/server/openbadges/verify/ld/normalize';

const C = new URL('../fixtures/conformance/', import.meta.url);
const read = (p: string) => JSON.parse(readFileSync(new URL(p, C), 'utf8')) as Record<string, unknown>;
const core = (n: string) => read(`openbadges-validator-core/test_components/${n}.json`);
const example = (n: string) => read(`openbadges-specification/ob_v2p0-examples/${n}.json`);

describe('JSON-LD with bundled contexts only (DATA-04)', () => {
  it('reads an OB 2.0 assertion unchanged in meaning', async () => {
    const r = await normalizeDoc(core('2_0_basic_assertion'), 'assertion', 'https://example.org/x');
    expect(r.ok && r.version).toBe('2.0');
    if (!r.ok) return;
    expect(r.doc['recipient']).toMatchObject({ type: 'email', hashed: true });
    expect(r.doc['badge']).toBe('https://example.org/robotics-badge.json');
    expect(r.doc['issuedOn']).toBe('2016-12-31T23:59:59Z');
  });

  it('keeps revoked: true and revokedAssertions apart although both are obi:revoked', async () => {
    const gone = await normalizeDoc(example('examples-11-revoked-hosted-assertion'), 'other', 'x', '2.0');
    expect(gone.ok && gone.doc['revoked']).toBe(true);
    const list = await normalizeDoc(example('examples-10-RevocationList'), 'other', 'x', '2.0');
    expect(list.ok && Array.isArray(list.doc['revokedAssertions'])).toBe(true);
  });

  it('a context that redefines recipient no longer yields an Open Badges recipient', async () => {
    const doc = {
      ...core('2_0_basic_assertion'),
      '@context': ['https://w3id.org/openbadges/v2', { recipient: 'http://evil.example/r' }],
    };
    const r = await normalizeDoc(doc, 'assertion', 'x');
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.doc['recipient']).toBeUndefined();
  });

  it.each([
    ['an unknown remote context', ['https://w3id.org/openbadges/v2', 'https://attacker.example/ctx.json']],
    ['a metadata-address context', 'http://169.254.169.254/latest/ctx'],
    [
      'an @import chain',
      ['https://w3id.org/openbadges/v2', { '@version': 1.1, '@import': 'https://attacker.example/i.json' }],
    ],
  ])('%s is refused, never fetched', async (_name, ctx) => {
    const r = await normalizeDoc({ ...core('2_0_basic_assertion'), '@context': ctx }, 'assertion', 'x');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(['unknown-context', 'not-open-badges']).toContain(r.why);
  });

  it('a document with only a non-Open-Badges context is not a badge', async () => {
    const r = await normalizeDoc({ '@context': { name: 'http://schema.org/name' }, name: 'x' }, 'assertion', 'x');
    expect(r).toEqual({ ok: false, why: 'not-open-badges' });
  });
});

describe('legacy 1.0/1.1 badges upgraded to 2.0', () => {
  it('1.0 (no context): verify.url becomes the id, hosted verification', async () => {
    const r = await normalizeDoc(core('1_0_basic_assertion'), 'assertion', 'http://a.com/instance');
    expect(r.ok && r.version).toBe('1.x');
    if (!r.ok) return;
    expect(r.doc).toMatchObject({
      '@context': 'https://w3id.org/openbadges/v2',
      type: 'Assertion',
      id: 'http://a.com/instance',
      badge: 'http://a.com/badgeclass',
      issuedOn: '2015-04-30',
      verification: { type: 'HostedBadge' },
      recipient: { identity: 'test@example.com', hashed: false, type: 'email' },
    });
    expect(r.doc['uid']).toBeUndefined();
  });

  it('a 1.x recipient without a type is an email address', async () => {
    const doc = { ...core('1_0_basic_assertion'), recipient: { identity: 'test@example.com', hashed: false } };
    const r = await normalizeDoc(doc, 'assertion', 'x');
    expect(r.ok && r.doc['recipient']).toEqual({ identity: 'test@example.com', hashed: false, type: 'email' });
  });

  it('1.0 with extra properties still upgrades', async () => {
    const r = await normalizeDoc(core('1_0_basic_assertion_with_extra_properties'), 'assertion', 'x');
    expect(r.ok).toBe(true);
  });

  it('1.0 badge class and issuer take the address they came from as id', async () => {
    const b = await normalizeDoc(core('1_0_basic_badgeclass'), 'badge', 'http://a.com/badgeclass');
    expect(b.ok && b.doc).toMatchObject({
      type: 'BadgeClass',
      id: 'http://a.com/badgeclass',
      issuer: 'http://a.com/issuer',
    });
    const i = await normalizeDoc(core('1_0_basic_issuer'), 'issuer', 'http://a.com/issuer');
    expect(i.ok && i.doc).toMatchObject({ type: 'Issuer', id: 'http://a.com/issuer', name: 'Basic Issuer' });
  });

  it('1.1 without verify has nothing to verify', async () => {
    expect(await normalizeDoc(core('1_1_basic_assertion'), 'assertion', 'x')).toEqual({
      ok: false,
      why: 'no-verification',
    });
  });

  it('a 1.x signed badge is refused rather than half-checked; Unix dates become ISO', async () => {
    const signed = { ...core('1_0_basic_assertion'), verify: { type: 'signed', url: 'http://a.com/key.pem' } };
    expect(await normalizeDoc(signed, 'assertion', 'x')).toEqual({ ok: false, why: 'legacy-signed' });
    const unix = await normalizeDoc({ ...core('1_0_basic_assertion'), issuedOn: 1430352000 }, 'assertion', 'x');
    expect(unix.ok && unix.doc['issuedOn']).toBe('2015-04-30T00:00:00.000Z');
  });

  it('0.5 assertions carry no verification and are not readable badges', async () => {
    expect((await normalizeDoc(core('0_5_assertion'), 'assertion', 'x')).ok).toBe(false);
  });
});
