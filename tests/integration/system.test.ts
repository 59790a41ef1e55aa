import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import { BASE } from './helpers';

describe('system routes', () => {
  it('version.json returns the release version, never cached stale', async () => {
    const res = await exports.default.fetch(`${BASE}/ns/portal/openbadge/version.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ release_version: pkg.version });
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('health reaches D1', async () => {
    const res = await exports.default.fetch(`${BASE}/api/health`);
    expect(await res.json()).toEqual({ status: 200, database: 'ok' });
  });

  it('/ and the base path go to the account check', async () => {
    for (const p of ['/', '/ns/portal/openbadge', '/ns/portal/openbadge/']) {
      const res = await exports.default.fetch(`${BASE}${p}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('Location')).toBe('/ns/portal/openbadge/init');
    }
  });

  it('serves an OpenAPI 3.1 document that describes the routes', async () => {
    const res = await exports.default.fetch(`${BASE}/api/openapi.json`);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/ns/portal/openbadge/version.json',
        '/api/health',
        '/api/v1.0/account/Wallet/OpenbadgeWalletLogout',
      ]),
    );
  });

  it('serves readable API docs with no script allowed', async () => {
    const res = await exports.default.fetch(`${BASE}/api/docs`);
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    const html = await res.text();
    expect(html).toContain('OpenbadgeWalletLogout');
    expect(html).not.toContain('<script');
  });
});
