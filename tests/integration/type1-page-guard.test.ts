import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/server/context';
import { guardPages } from '../../src/server/middleware/page-guard';
import { portalProviders } from '../../src/server/portal/config';
import { PORTAL_SESSION_COOKIE } from '../../src/server/portal/cookies';

// The page guard (spec §6) in front of a stand-in page: a signed-out visitor of a wallet page goes
// to LoginPage, or to the portal login when the browser says it belongs to a portal user (type 1).
const BASE = 'http://127.0.0.1:8787';
const app = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    c.set('user', null);
    await next();
  })
  .use('*', guardPages({ provider: (e: Env) => portalProviders(e)[0], sessionCookie: PORTAL_SESSION_COOKIE }))
  .get('*', (c) => c.text('page'));

const PORTAL = JSON.stringify([
  { id: 'portal', name: 'Lanyard Portal', issuer: 'http://127.0.0.1:1', client_id: 'lanyard-local' },
]);
const withPortal = { ...env, PORTAL_PROVIDERS: PORTAL, PORTAL_CLIENT_SECRETS: JSON.stringify({ portal: 's' }) };
const withoutPortal = { ...env, PORTAL_PROVIDERS: '', PORTAL_CLIENT_SECRETS: '' };

const visit = (cookie: string | null, bindings: object) =>
  app.request(
    `${BASE}/ns/portal/openbadge/assertions/detail/abc?tab=1`,
    { headers: cookie ? { Cookie: cookie } : {} },
    bindings as Env,
  );

describe('page guard for portal users (spec §6, issue 20)', () => {
  it('a wallet user (or nobody) goes to LoginPage with the full path as redirect', async () => {
    for (const cookie of [null, 'userType=2']) {
      const res = await visit(cookie, withPortal);
      expect(res.status).toBe(302);
      expect(res.headers.get('Location')).toBe(
        `/ns/portal/openbadge/login?redirect=${encodeURIComponent('/ns/portal/openbadge/assertions/detail/abc?tab=1')}`,
      );
    }
  });

  it('userType 1 or a portal session cookie goes to the portal login with returnTo', async () => {
    for (const cookie of ['userType=1', 'lanyard_portal_session=abc']) {
      const res = await visit(cookie, withPortal);
      expect(res.status).toBe(302);
      const to = new URL(res.headers.get('Location') ?? '', BASE);
      expect(to.pathname).toBe('/ns/portal/openbadge/portal/login');
      expect(to.searchParams.get('provider')).toBe('portal');
      expect(to.searchParams.get('returnTo')).toBe('/ns/portal/openbadge/assertions/detail/abc?tab=1');
    }
  });

  it('without a configured portal a type-1 cookie still reaches LoginPage', async () => {
    const res = await visit('userType=1', withoutPortal);
    expect(res.headers.get('Location')).toMatch(/^\/ns\/portal\/openbadge\/login\?redirect=/);
  });

  it('public pages are not guarded', async () => {
    const res = await app.request(`${BASE}/ns/portal/openbadge/public/assertions/detail/x`, {}, withPortal as Env);
    expect(res.status).toBe(200);
  });
});
