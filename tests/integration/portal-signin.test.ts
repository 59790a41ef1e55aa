import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/server/auth/tokens';
import { purgeExpired } from '../../src/server/jobs/scheduled';
import { BASE } from './helpers';
import { Browser, count, errorCode, portal, portalUser, UI } from './portal-helpers';

const W = `${BASE}/api/v1.0/openbadge/v2/Wallet`;

describe('portal sign-in (issue 20 items 1-3) against the real local portal', () => {
  it('signs a new person in as a type-1 account; the wallet works with the session; a second sign-in reuses the account', async () => {
    const user = await portalUser();
    const b = new Browser();
    const start = await b.startLogin(`provider=portal&returnTo=${encodeURIComponent('/ns/portal/openbadge/setting')}`);
    expect(start.status).toBe(303);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const binding = start.headers.getSetCookie().find((c) => c.startsWith('lanyard_portal='));
    expect(binding).toMatch(/HttpOnly/i);
    expect(binding).toMatch(/SameSite=Lax/i);
    expect(binding).toMatch(/Max-Age=600/);

    const { portalAuthorize } = await import('../support/portal-login');
    const done = await b.callback(await portalAuthorize(authorize.href, user, b.portalJar));
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${UI}/setting`);
    expect(b.cookie('userType')).toBe('1');
    expect(b.cookie('accessToken')).toBeTruthy();
    expect(b.cookie('lanyard_portal_session')).toBeTruthy();

    const info = await b.post(`${W}/GetUserInfo`, {});
    expect(info.status).toBe(200);
    const body = await info.json<{ user_type: number; email: string; first_name: string }>();
    expect(body.user_type).toBe(1);
    expect(JSON.stringify(body).toLowerCase()).toContain(user.email.toLowerCase());
    const list = await b.post(`${W}/FindList`, {});
    expect(list.status).toBe(200);

    const accounts = await env.DB.prepare(
      `SELECT a.id, a.user_type AS t, a.password_hash AS pw FROM portal_identities i JOIN accounts a ON a.id = i.account_id WHERE i.subject = ?`,
    )
      .bind(user.sub)
      .all<{ id: string; t: number; pw: string | null }>();
    expect(accounts.results).toHaveLength(1);
    expect(accounts.results[0]).toMatchObject({ t: 1, pw: null });
    const id = accounts.results[0]?.id ?? '';
    expect(
      await count(
        'SELECT COUNT(*) AS n FROM account_emails WHERE account_id = ? AND email_normalized = ? AND verified_at IS NOT NULL AND is_primary = 1',
        id,
        user.email.toLowerCase(),
      ),
    ).toBe(1);
    const session = await env.DB.prepare(
      'SELECT user_type AS t, portal_session_hash AS p FROM sessions WHERE token_hash = ?',
    )
      .bind(await sha256Hex(b.cookie('accessToken') ?? ''))
      .first<{ t: number; p: string }>();
    expect(session?.t).toBe(1);
    expect(session?.p).toBe(await sha256Hex(b.cookie('lanyard_portal_session') ?? ''));
    // The wallet session never outlives the portal session it was minted from (SSO-07).
    const ends = await env.DB.prepare(
      'SELECT s.expires_at AS w, p.expires_at AS p FROM sessions s JOIN portal_sessions p ON p.id_hash = s.portal_session_hash WHERE s.token_hash = ?',
    )
      .bind(await sha256Hex(b.cookie('accessToken') ?? ''))
      .first<{ w: number; p: number }>();
    expect(ends && ends.w <= ends.p).toBe(true);
    expect(ends && ends.p - Date.now()).toBeGreaterThan(11.9 * 3_600_000);

    // Another browser, the same person: the same account.
    const again = new Browser();
    expect((await again.signIn(user)).status).toBe(303);
    expect(await count('SELECT COUNT(*) AS n FROM portal_identities WHERE subject = ?', user.sub)).toBe(1);
    const info2 = await again.post(`${W}/GetUserInfo`, {});
    expect((await info2.json<{ account_id?: string }>()).account_id ?? id).toBe(id);
  });

  it('an unverified provider address is added as pending only: it confers nothing (ACC-01)', async () => {
    const user = await portalUser({ email_verified: false });
    const b = new Browser();
    expect((await b.signIn(user)).status).toBe(303);
    const row = await env.DB.prepare(
      `SELECT e.verified_at AS v, e.is_primary AS p FROM portal_identities i JOIN account_emails e ON e.account_id = i.account_id WHERE i.subject = ?`,
    )
      .bind(user.sub)
      .first<{ v: number | null; p: number }>();
    expect(row).toEqual({ v: null, p: 0 });
  });

  it('50 parallel login starts: 50 flows, each with its own state, nonce, verifier and binding', async () => {
    const browsers = Array.from({ length: 50 }, () => new Browser());
    const starts = await Promise.all(browsers.map((b) => b.startLogin()));
    expect(starts.map((r) => r.status)).toEqual(Array(50).fill(303));
    const states = starts.map((r) => new URL(r.headers.get('location') ?? '').searchParams.get('state') ?? '');
    expect(new Set(states).size).toBe(50);
    const hashes = await Promise.all(states.map((st) => sha256Hex(st)));
    const rows = await env.DB.prepare(
      `SELECT COUNT(DISTINCT binding_hash) AS b, COUNT(DISTINCT nonce) AS n, COUNT(DISTINCT code_verifier) AS v
       FROM portal_flows WHERE state_hash IN (${hashes.map(() => '?').join(',')})`,
    )
      .bind(...hashes)
      .first<{ b: number; n: number; v: number }>();
    expect(rows).toEqual({ b: 50, n: 50, v: 50 });
  });

  it('an unknown provider is refused with the error page, no flow row', async () => {
    const b = new Browser();
    const res = await b.startLogin('provider=nope');
    expect(res.status).toBe(303);
    expect(errorCode(res)).toBe('E400120');
  });

  it('an error answer from the portal (the person cancelled there) says so, once, and signs nobody in', async () => {
    const b = new Browser();
    const authorize = new URL((await b.startLogin()).headers.get('location') ?? '');
    const state = authorize.searchParams.get('state') ?? '';
    const issuer = portal.issuer;
    const answer = (st: string) =>
      `${UI}/portal/callback?${new URLSearchParams({ error: 'access_denied', state: st, iss: issuer }).toString()}`;
    // Another state is a refusal like any other, and leaves this browser's flow in place...
    const foreign = await b.callback(answer('not-this-flow'));
    expect(errorCode(foreign)).toBe('E401120');
    // ...which the portal's own error answer then ends: cancelled, no session, the flow used up.
    const cancelled = await b.callback(answer(state));
    expect(errorCode(cancelled)).toBe('E401123');
    expect(cancelled.headers.get('set-cookie') ?? '').not.toMatch(/accessToken=[^;]/);
    expect(errorCode(await b.callback(answer(state)))).toBe('E401120');
    expect(await count('SELECT COUNT(*) AS n FROM portal_flows WHERE state_hash = ?', await sha256Hex(state))).toBe(0);
  });

  it('the five-minute sweep deletes expired flows, choices, portal sessions and logout jtis', async () => {
    const past = Date.now() - 1000;
    const key = `expired-${crypto.randomUUID()}`;
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO portal_flows (state_hash, binding_hash, provider_id, nonce, code_verifier, return_to, language, created_at, expires_at)
         VALUES (?, 'b', 'portal', 'n', 'v', '/', 'en', ?, ?)`,
      ).bind(key, past, past),
      env.DB.prepare('INSERT INTO portal_logout_jtis (issuer, jti, expires_at) VALUES (?, ?, ?)').bind('i', key, past),
    ]);
    await purgeExpired(env);
    expect(await count('SELECT COUNT(*) AS n FROM portal_flows WHERE state_hash = ?', key)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM portal_logout_jtis WHERE jti = ?', key)).toBe(0);
  });
});
