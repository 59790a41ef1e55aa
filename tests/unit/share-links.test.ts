import { describe, expect, it } from 'vitest';
import { facebookPost, linkedInFeed, linkedInProfile, xPost } from '../../src/lib/share-links';

const target = {
  url: 'https://wallet.example/ns/portal/openbadge/public/assertions/detail/abc',
  badge: 'Python & データ',
  issuer: 'Tokyo Tech Academy',
  issuedOn: '2025-03-01T00:00:00Z',
  id: 'abc',
  message: 'I earned a badge!',
};

describe('share links', () => {
  it('pre-fills LinkedIn add-to-profile with the badge, issuer, month and URL', () => {
    const u = new URL(linkedInProfile(target));
    expect(u.origin + u.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Python & データ',
      organizationName: 'Tokyo Tech Academy',
      issueYear: '2025',
      issueMonth: '3',
      certUrl: target.url,
      certId: 'abc',
    });
  });

  it('encodes the page for the feed, X and Facebook', () => {
    expect(new URL(linkedInFeed(target)).searchParams.get('url')).toBe(target.url);
    const x = new URL(xPost(target));
    expect(x.searchParams.get('text')).toBe('I earned a badge!');
    expect(x.searchParams.get('url')).toBe(target.url);
    expect(new URL(facebookPost(target)).searchParams.get('u')).toBe(target.url);
  });
});

describe('JSON inside a script element (XSS-04)', () => {
  it('escapes what could close the element, and reads back unchanged', async () => {
    const { jsonForScript } = await import('../../src/lib/json-script');
    const value = { name: '</script><script>alert(1)</script> & \u2028\u2029' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
