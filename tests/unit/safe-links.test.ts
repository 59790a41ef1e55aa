import { describe, expect, it } from 'vitest';
import { withSafeLinks } from '../../src/server/import/links';

const bad = 'java\tscript:alert(1)';

describe('withSafeLinks: imported documents keep only http(s) link fields (XSS-02)', () => {
  it('nulls strings, ids of link objects and list items, and leaves other fields alone', () => {
    const out = withSafeLinks({
      assertion: {
        id: 'urn:uuid:1',
        evidence: [bad, { id: 'data:text/html,x', narrative: 'n' }, 'https://ok.example/e'],
        image: { id: 'file:///etc/passwd' },
        verification: { type: 'SignedBadge', creator: 'https://issuer.example/key' },
      },
      badge: { criteria: ' javascript:alert(1)', alignment: { targetName: 'T', targetUrl: 'vbscript:x' }, image: bad },
      issuer: { url: 'https://issuer.example', image: 'data:image/png;base64,AAAA', revocationList: 'urn:x' },
    });
    expect(out.assertion).toEqual({
      id: 'urn:uuid:1',
      evidence: [null, { id: null, narrative: 'n' }, 'https://ok.example/e'],
      image: { id: null },
      verification: { type: 'SignedBadge', creator: 'https://issuer.example/key' },
    });
    expect(out.badge).toEqual({ criteria: null, alignment: { targetName: 'T', targetUrl: null }, image: null });
    expect(out.issuer).toEqual({ url: 'https://issuer.example', image: null, revocationList: 'urn:x' });
  });

  it('reaches an issuer embedded in the badge and a badge embedded in the assertion', () => {
    const out = withSafeLinks({
      assertion: { badge: { criteria: { url: 'JaVaScRiPt:x' }, issuer: { url: 'vbscript:x' } } },
      badge: { issuer: { url: 'file:///x', name: 'I' } },
      issuer: {},
    });
    expect(out.assertion['badge']).toEqual({ criteria: { url: null }, issuer: { url: null } });
    expect(out.badge['issuer']).toEqual({ url: null, name: 'I' });
  });
});
