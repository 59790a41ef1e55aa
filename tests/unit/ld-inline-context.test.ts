import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeDoc } from '../../src/server/openbadges/verify/ld/normalize';

const C = new URL('../fixtures/conformance/openbadges-validator-core/test_components/', import.meta.url);
const read = (n: string) => JSON.parse(readFileSync(new URL(`${n}.json`, C), 'utf8')) as Record<string, unknown>;
/** The reference validator's copy of the OB v2 context, which its own tests put inline. */
const inline = read('openbadges_context')['@context'] as Record<string, unknown>;

describe('inline JSON-LD contexts (1EdTech fixtures embed the v2 context)', () => {
  it.each([
    ['an object', inline],
    ['an array of the object and an extension term', [inline, { extra: 'https://example.org/terms#extra' }]],
  ])('the 2.0 trio with the v2 context inline as %s reads as with the context URL', async (_name, ctx) => {
    for (const [file, role] of [
      ['2_0_basic_assertion', 'assertion'],
      ['2_0_basic_badgeclass', 'badge'],
      ['2_0_basic_issuer', 'issuer'],
    ] as const) {
      const byUrl = await normalizeDoc(read(file), role, 'https://example.org/x');
      const byInline = await normalizeDoc({ ...read(file), '@context': ctx }, role, 'https://example.org/x');
      expect(byInline.ok && byInline.version).toBe('2.0');
      if (!byInline.ok || !byUrl.ok) return;
      const withoutContext = (d: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(d).filter(([k]) => k !== '@context'));
      expect(withoutContext(byInline.doc)).toEqual(withoutContext(byUrl.doc));
    }
  });

  it('an inline context that pulls in a remote context other than the bundled ones is refused, not fetched', async () => {
    const doc = { ...read('2_0_basic_assertion'), '@context': [inline, 'https://attacker.example/ctx.json'] };
    expect(await normalizeDoc(doc, 'assertion', 'x')).toEqual({ ok: false, why: 'unknown-context' });
    const nested = {
      ...read('2_0_basic_assertion'),
      '@context': { ...inline, '@import': 'https://attacker.example/i' },
    };
    expect((await normalizeDoc(nested, 'assertion', 'x')).ok).toBe(false);
  });

  it('an inline context that is not Open Badges is still not a badge', async () => {
    const doc = { '@context': { name: 'http://schema.org/name', Thing: 'http://schema.org/Thing' }, type: 'Thing' };
    expect(await normalizeDoc(doc, 'assertion', 'x')).toEqual({ ok: false, why: 'not-open-badges' });
  });
});
