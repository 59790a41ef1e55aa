import { describe, expect, it } from 'vitest';
import { badgeJsonLd, type JsonLdBadge } from '../../src/lib/badge-json-ld';

const badge = (url: string | null): JsonLdBadge => ({
  name: 'Astronomy',
  description: 'Looked at the sky.',
  image: '/api/v1.0/openBadge/v2/Assertion/Host/h1/image',
  issued_on: '2025-01-01T00:00:00.000Z',
  expires_at: null,
  issuer: { name: 'Stand-in Academy', url },
  tags: [{ name: 'Stars' }],
});
const ld = (url: string | null) =>
  JSON.parse(badgeJsonLd(badge(url), 'https://wallet.example/b/1', 'https://wallet.example')) as {
    recognizedBy: { name: string; url?: string };
  };

describe('the public badge JSON-LD (XSS-02)', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ])('leaves out an issuer address %j', (url) => {
    expect(ld(url).recognizedBy).toEqual({ '@type': 'Organization', name: 'Stand-in Academy' });
  });

  it('keeps an http(s) issuer address, and none at all', () => {
    expect(ld('https://academy.example/').recognizedBy.url).toBe('https://academy.example/');
    expect(ld(null).recognizedBy.url).toBeUndefined();
  });

  it('escapes markup so no value closes the script element', () => {
    expect(badgeJsonLd({ ...badge(null), name: '</script><script>alert(1)' }, 'c', 'o')).not.toContain('<');
  });
});

describe("an issuer whose name is the credential's own claim (issue 33)", () => {
  it('is not stated as the organisation that recognises the badge', () => {
    const claimed = {
      ...badge('https://academy.example/'),
      issuer: { name: 'Stand-in Academy', url: null, claimed: true },
    };
    const out = JSON.parse(badgeJsonLd(claimed, 'https://wallet.example/b/1', 'https://wallet.example')) as Record<
      string,
      unknown
    >;
    expect(out['recognizedBy']).toBeUndefined();
    expect(out['name']).toBe('Astronomy');
  });
});
