import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/app';
import { BASE, createAccount, createSession } from './helpers';

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains; preload');
  expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(res.headers.get('X-Frame-Options')).toBe('DENY');
  expect(res.headers.get('Referrer-Policy')).toBeTruthy();
  expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
  expect(res.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
  expect(res.headers.get('Permissions-Policy')).toContain('camera=()');
  const csp = res.headers.get('Content-Security-Policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
}

describe('HDR-01 / HDR-03: security headers on every response, errors included', () => {
  it('on success', async () => expectSecurityHeaders(await exports.default.fetch(`${BASE}/api/health`)));

  it('on 404', async () => {
    const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Nope`);
    expect(res.status).toBe(404);
    expectSecurityHeaders(res);
    expect(await res.json()).toMatchObject({ status: 404, errors: [{ code: 'E404100' }] });
  });

  it('on 413', async () => {
    const res = await exports.default.fetch(`${BASE}/api/v1.0/account/Wallet/OpenbadgeWalletLogout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(300 * 1024) }),
    });
    expect(res.status).toBe(413);
    expectSecurityHeaders(res);
    expect(await res.json()).toMatchObject({ status: 413, errors: [{ code: 'E413100' }] });
  });

  it('on 500, with a generic body and no stack trace', async () => {
    const app = createServer();
    app.get('/api/test/boom', () => {
      throw new Error('secret internal detail at line 42');
    });
    const res = await app.request('/api/test/boom', {}, env);
    expect(res.status).toBe(500);
    expectSecurityHeaders(res);
    const text = await res.text();
    expect(text).not.toContain('secret internal detail');
    expect(JSON.parse(text)).toMatchObject({
      status: 500,
      errors: [{ code: 'E500100', resource_key: 'errors.E500100' }],
    });
  });

  it('on a D1 failure', async () => {
    const app = createServer();
    app.get('/api/test/db', async (c) => {
      await c.env.DB.prepare('SELECT * FROM no_such_table').all();
      return c.text('unreachable');
    });
    const res = await app.request('/api/test/db', {}, env);
    expect(res.status).toBe(500);
    expectSecurityHeaders(res);
    expect(await res.text()).not.toContain('no_such_table');
  });
});

describe('HDR-02: user-specific responses are never stored', () => {
  it('RST-03: pages with a token in the path send no Referer anywhere', async () => {
    for (const route of ['/password/reset/abc', '/activation/abc', '/receive/abc', '/email/verification/abc']) {
      const res = await exports.default.fetch(`${BASE}/ns/portal/openbadge${route}`);
      expect(res.headers.get('Referrer-Policy'), route).toBe('no-referrer');
    }
    const other = await exports.default.fetch(`${BASE}/ns/portal/openbadge/login`);
    expect(other.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  it('marks API answers no-store by default', async () => {
    const res = await exports.default.fetch(`${BASE}/api/health`);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('overrides a cacheable policy when the request carries a session', async () => {
    const { id } = await createAccount();
    const token = await createSession(id);
    const anonymous = await exports.default.fetch(`${BASE}/api/openapi.json`);
    expect(anonymous.headers.get('Cache-Control')).toBe('public, max-age=300');
    const personal = await exports.default.fetch(`${BASE}/api/openapi.json`, {
      headers: { Cookie: `accessToken=${token}` },
    });
    expect(personal.headers.get('Cache-Control')).toBe('no-store');
  });
});

describe('HDR-04: spoofed forwarding headers change nothing', () => {
  it('redirects stay relative to our own origin', async () => {
    const res = await exports.default.fetch(`${BASE}/`, {
      redirect: 'manual',
      headers: { 'X-Forwarded-Host': 'evil.com', 'X-Forwarded-Proto': 'http', Forwarded: 'host=evil.com' },
    });
    expect(res.headers.get('Location')).toBe('/ns/portal/openbadge/init');
  });

  it('the origin check compares with the configured origin, not with Host or X-Forwarded-Host', async () => {
    const res = await exports.default.fetch(`${BASE}/api/v1.0/account/Wallet/OpenbadgeWalletLogout`, {
      method: 'POST',
      headers: {
        Origin: 'https://evil.com',
        'X-Forwarded-Host': 'evil.com',
        Host: 'evil.com',
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });
});
