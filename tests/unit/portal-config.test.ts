import { describe, expect, it } from 'vitest';
import {
  configuredProviders,
  portalAccountUrl,
  portalConfigProblem,
  portalProviders,
} from '../../src/server/portal/config';
import { configProblems } from '../../src/server/system/config-check';
import { bindingCookieName } from '../../src/server/portal/cookies';

const production = {
  PUBLIC_BASE_URL: 'https://wallet.example.org',
  ENVIRONMENT: 'production',
  MAIL_TRANSPORT: 'smtp',
  MAIL_FROM: 'Lanyard <badges@example.org>',
  SMTP_HOST: 'smtp.example.org',
  KEY_ENCRYPTION_KEY: 'a2V5',
};
const provider = {
  id: 'campus',
  name: 'Campus Portal',
  issuer: 'https://sso.example.ac.jp/realms/campus',
  client_id: 'lanyard',
  account_url: 'https://sso.example.ac.jp/realms/campus/account',
};
const vars = (list: unknown, secrets: unknown = { campus: 's3cret' }) => ({
  PORTAL_PROVIDERS: JSON.stringify(list),
  PORTAL_CLIENT_SECRETS: JSON.stringify(secrets),
});

describe('PORTAL_PROVIDERS and PORTAL_CLIENT_SECRETS (issue 20)', () => {
  it('absent: no portal sign-in and nothing to report', () => {
    expect(portalProviders({})).toEqual([]);
    expect(portalConfigProblem({})).toBeNull();
  });

  it('a provider with its secret: the buttons, the account page, the defaults', () => {
    const env = vars([provider]);
    expect(portalProviders(env)).toEqual([{ id: 'campus', name: 'Campus Portal' }]);
    expect(portalAccountUrl(env, 'campus')).toBe(provider.account_url);
    expect(portalAccountUrl(env, 'other')).toBeNull();
    expect(configuredProviders(env)[0]).toMatchObject({
      algorithms: ['RS256', 'ES256'],
      logout: false,
      clientSecret: 's3cret',
    });
    expect(configProblems({ ...production, ...env })).toEqual([]);
  });

  it.each([
    ['not JSON', { PORTAL_PROVIDERS: '[{', PORTAL_CLIENT_SECRETS: '{}' }, 'not valid'],
    ['a missing secret', vars([provider], {}), 'no secret for: campus'],
    ['a duplicate id', vars([provider, provider]), 'twice'],
    ['alg none', vars([{ ...provider, algorithms: ['none'] }]), 'not valid'],
    ['a symmetric algorithm', vars([{ ...provider, algorithms: ['HS256'] }]), 'not valid'],
    ['an id unfit for URLs', vars([{ ...provider, id: 'Campus Portal' }], { 'Campus Portal': 's' }), 'not valid'],
  ])('%s is reported and turns portal sign-in off', (_name, env, why) => {
    expect(portalConfigProblem(env)).toContain(why);
    expect(portalProviders(env)).toEqual([]);
    expect(configProblems({ ...production, ...env }).join('\n')).toContain(why);
  });

  it('an http issuer is refused in production, accepted locally', () => {
    const env = vars([{ ...provider, issuer: 'http://sso.example.ac.jp' }]);
    expect(configProblems({ ...production, ...env })).toEqual([expect.stringContaining('must use https')]);
    expect(
      configProblems({ ...production, ...env, ENVIRONMENT: 'development', PUBLIC_BASE_URL: 'http://127.0.0.1:8787' }),
    ).toEqual([]);
  });
});

describe('the browser-binding cookie (SSO-01)', () => {
  it('is __Host- prefixed over https and plain on http localhost', () => {
    expect(bindingCookieName({ PUBLIC_BASE_URL: 'https://wallet.example.org' })).toBe('__Host-lanyard_portal');
    expect(bindingCookieName({ PUBLIC_BASE_URL: 'http://127.0.0.1:8787' })).toBe('lanyard_portal');
  });
});
