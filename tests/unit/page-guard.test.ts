import { describe, expect, it } from 'vitest';
import { isProtectedPage } from '../../src/server/middleware/page-guard';
import { devMailboxEnabled } from '../../src/server/mail/devbox';
import { parseFrom } from '../../src/server/mail/types';

describe('protected pages (spec §2 "logged in")', () => {
  it.each([
    '/ns/portal/openbadge/assertions',
    '/ns/portal/openbadge/assertions/detail/abc',
    '/ns/portal/openbadge/assertions/unaccepted-detail/abc',
    '/ns/portal/openbadge/setting',
    '/ns/portal/openbadge/acaddocs',
  ])('%s needs a session', (p) => expect(isProtectedPage(p)).toBe(true));

  it.each([
    '/ns/portal/openbadge/login',
    '/ns/portal/openbadge/public/assertions/detail/abc',
    '/ns/portal/openbadge/public/acaddocs/detail/abc',
    '/ns/portal/openbadge/assertionsx',
    '/ns/portal/openbadge/issuers/abc',
    '/ns/portal/openbadge/issuers/abc/badges/def',
    '/ns/portal/openbadge/skill/abc',
    '/ns/portal/openbadge/search',
    '/ns/portal/openbadge/terms',
    '/api/v1.0/openbadge/v2/Wallet/FindList',
  ])('%s does not', (p) => expect(isProtectedPage(p)).toBe(false));
});

describe('mail configuration', () => {
  const env = (ENVIRONMENT: string, MAIL_TRANSPORT: string) => ({ ENVIRONMENT, MAIL_TRANSPORT }) as Env;
  it('the dev mailbox page exists only outside production, with the devbox transport', () => {
    expect(devMailboxEnabled(env('development', 'devbox'))).toBe(true);
    expect(devMailboxEnabled(env('production', 'devbox'))).toBe(false);
    expect(devMailboxEnabled(env('development', 'smtp'))).toBe(false);
  });

  it('MAIL_FROM may carry a display name; SMTP gets the address alone', () => {
    expect(parseFrom('Lanyard <no-reply@lanyard.example>')).toEqual({
      name: 'Lanyard',
      email: 'no-reply@lanyard.example',
    });
    expect(parseFrom('"Lanyard Wallet" <a@b.example>')).toEqual({ name: 'Lanyard Wallet', email: 'a@b.example' });
    expect(parseFrom('a@b.example')).toEqual({ email: 'a@b.example' });
  });
});
