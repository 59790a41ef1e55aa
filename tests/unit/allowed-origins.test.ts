import { describe, expect, it } from 'vitest';
import { issuerDocument } from '../../src/server/openbadges/documents';
import { obUrls } from '../../src/server/openbadges/urls';
import {
  assertionOriginAllowed,
  originsPolicyProblem,
} from '../../src/server/openbadges/verify/steps/checkHostedOrigin';

const issuer = {
  id: 'i1',
  name: 'U',
  url: 'https://u.example',
  email: 'b@u.example',
  description: null,
  imageKey: null,
};

describe("our issuer profiles' allowedOrigins", () => {
  it('names the host when it is a host name without a port', () => {
    expect(issuerDocument(obUrls('https://badges.example.org'), issuer, []).verification).toEqual({
      type: 'VerificationObject',
      allowedOrigins: 'badges.example.org',
    });
  });

  it.each(['http://127.0.0.1:8787', 'https://badges.example.org:8443', 'https://10.1.2.3', 'http://[::1]:8787'])(
    'is left out for %s (the default rule, the issuer id origin, still covers our assertions)',
    (base) => {
      expect(issuerDocument(obUrls(base), issuer, [])).not.toHaveProperty('verification');
    },
  );
});

describe('allowedOrigins in a profile being verified', () => {
  it('compares host names, whatever the port of the assertion', () => {
    const policy = { allowedOrigins: 'badges.example' };
    expect(assertionOriginAllowed('https://badges.example:8443/a', 'https://i.example/i', policy)).toBe(true);
    expect(assertionOriginAllowed('https://BADGES.example/a', 'https://i.example/i', policy)).toBe(true);
    expect(assertionOriginAllowed('https://evil.example/a', 'https://i.example/i', policy)).toBe(false);
  });

  it.each([
    ['127.0.0.1:8787'],
    ['badges.example:443'],
    ['https://badges.example'],
    ['badges.example/a'],
    ['10.0.0.1'],
    [''],
    [['ok.example', 'x:1']],
    [42],
  ])('refuses %j: not a host name', (value) => {
    expect(originsPolicyProblem(value)).toBe(true);
    expect(
      assertionOriginAllowed('http://127.0.0.1:8787/a', 'http://127.0.0.1:8787/i', { allowedOrigins: value }),
    ).toBe(false);
  });

  it('accepts host names, one or several', () => {
    expect(originsPolicyProblem('badges.example.org')).toBe(false);
    expect(originsPolicyProblem(['a.example', 'xn--bcher-kva.example'])).toBe(false);
    expect(originsPolicyProblem(undefined)).toBe(false);
  });
});
