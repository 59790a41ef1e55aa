import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../src/lib/paths';

const ORIGIN = 'https://wallet.example';
const FALLBACK = '/ns/portal/openbadge/assertions';

describe('safeRedirect (security guide RED-01..05)', () => {
  it.each([
    '//evil.com',
    '/\\evil.com',
    '\\/evil.com',
    '\\\\evil.com',
    '///evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    'http:evil.com',
    'https://evil.com',
    'https://wallet.example.evil.com',
    'https://wallet.example@evil.com',
    '//wallet.example@evil.com',
  ])('RED-01 %j falls back', (target) => expect(safeRedirect(target, ORIGIN)).toBe(FALLBACK));

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>',
  ])('RED-02 %j falls back', (target) => expect(safeRedirect(target, ORIGIN)).toBe(FALLBACK));

  it('RED-03 never emits a protocol-relative path', () => {
    const out = safeRedirect('/.//evil.com', ORIGIN);
    expect(out.startsWith('//')).toBe(false);
    expect(new URL(out, ORIGIN).origin).toBe(ORIGIN);
  });

  it('RED-04 a doubled slash after our origin stays on our origin', () => {
    const out = safeRedirect('https://wallet.example//evil.com/', ORIGIN);
    expect(new URL(out, ORIGIN).origin).toBe(ORIGIN);
    expect(out.startsWith('//')).toBe(false);
  });

  it('RED-05 https:evil.com resolves on our origin', () => {
    expect(new URL(safeRedirect('https:evil.com', ORIGIN), ORIGIN).origin).toBe(ORIGIN);
  });

  it('keeps a wallet path with its query and hash', () => {
    expect(safeRedirect('/ns/portal/openbadge/assertions/detail/abc?x=1#top', ORIGIN)).toBe(
      '/ns/portal/openbadge/assertions/detail/abc?x=1#top',
    );
  });

  it('refuses same-origin paths outside the wallet and empty targets', () => {
    expect(safeRedirect('/api/v1.0/openbadge/v2/Wallet/GetUserInfo', ORIGIN)).toBe(FALLBACK);
    expect(safeRedirect('', ORIGIN)).toBe(FALLBACK);
    expect(safeRedirect(null, ORIGIN)).toBe(FALLBACK);
  });
});
