import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/accounts/password-hash';
import { sendPasswordLink } from '../../src/server/accounts/password-reset';
import { sha256Hex } from '../../src/server/auth/tokens';
import { portalEndSession, portalSignOut } from '../support/portal-login';
import { BASE, createAccount } from './helpers';
import { Browser, count, errorCode, portal, portalUser, UI } from './portal-helpers';

const TOKEN_URL = `${BASE}/ns/login/GetApiAccessToken.ashx`;
const BACKCHANNEL = `${BASE}/api/v1.0/account/Portal/BackchannelLogout`;
const W = `${BASE}/api/v1.0/openbadge/v2/Wallet`;

async function signedIn() {
  const user = await portalUser();
  const b = new Browser();
  const res = await b.signIn(user);
  expect(errorCode(res)).toBeNull();
  const accountId =
    (await env.DB.prepare('SELECT account_id AS a FROM portal_identities WHERE subject = ?')
      .bind(user.sub)
      .first<string>('a')) ?? '';
  return { user, b, accountId };
}

const sidOf = async (accountId: string) =>
  (await env.DB.prepare('SELECT sid FROM portal_sessions WHERE account_id = ?').bind(accountId).first<string>('sid')) ??
  '';

async function capturedLogoutToken(sid: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${portal.captureUrl}/last?sid=${encodeURIComponent(sid)}`);
    if (res.ok) return new URLSearchParams(await res.text()).get('logout_token') ?? '';
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no logout token captured');
}

/** Server to server: no browser headers at all (the cross-site guard lets such requests through). */
const backchannel = (token: string) =>
  exports.default.fetch(BACKCHANNEL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ logout_token: token }),
  });

describe('GetApiAccessToken.ashx (spec §6/§7)', () => {
  it('with a live portal session: a fresh wallet token, the old session of this browser ended', async () => {
    const { b } = await signedIn();
    const before = b.cookie('accessToken') ?? '';
    const res = await b.post(TOKEN_URL, {});
    expect(res.status).toBe(200);
    const body = await res.json<{ status: number; access_token: string }>();
    expect(body.status).toBe(200);
    expect(body.access_token).toBe(b.cookie('accessToken'));
    expect(body.access_token).not.toBe(before);
    expect(await count('SELECT COUNT(*) AS n FROM sessions WHERE token_hash = ?', await sha256Hex(before))).toBe(0);
    expect((await b.post(`${W}/GetUserInfo`, {})).status).toBe(200);
    // The token works in the body too (spec §7), as any wallet token does.
    const anon = new Browser();
    expect((await anon.post(`${W}/GetUserInfo`, { access_token: body.access_token })).status).toBe(200);
  });

  it('without one: 401 E401121 with the portal login URL carrying a same-site return URL', async () => {
    const b = new Browser();
    const res = await b.post(TOKEN_URL, { return_url: `${UI}/setting` });
    expect(res.status).toBe(401);
    const body = await res.json<{ status: number; errors: { code: string }[]; login_url: string }>();
    expect(body.errors[0]?.code).toBe('E401121');
    const login = new URL(body.login_url);
    expect(login.origin).toBe(BASE);
    expect(login.pathname).toBe('/ns/portal/openbadge/portal/login');
    expect(login.searchParams.get('provider')).toBe('portal');
    expect(login.searchParams.get('returnTo')).toBe(`${UI}/setting`);
    const hostile = await (await b.post(TOKEN_URL, { return_url: '//evil.com' })).json<{ login_url: string }>();
    expect(new URL(hostile.login_url).searchParams.get('returnTo')).toBe(`${UI}/assertions`);
  });

  it('is a same-origin POST only (it sets cookies)', async () => {
    const { b } = await signedIn();
    const res = await b.post(TOKEN_URL, {}, { 'Sec-Fetch-Site': 'cross-site' });
    expect(res.status).toBe(403);
  });

  it('50 parallel calls with one portal session: each answers a working token, all minted from it', async () => {
    const { b, accountId } = await signedIn();
    const cookie = b.jar.header();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => {
        const one = new Browser();
        one.jar.cookies.set('lanyard_portal_session', b.cookie('lanyard_portal_session') ?? '');
        return one.post(TOKEN_URL, {});
      }),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(cookie).toContain('lanyard_portal_session');
    expect(
      await count(
        'SELECT COUNT(*) AS n FROM sessions WHERE account_id = ? AND portal_session_hash IS NOT NULL',
        accountId,
      ),
    ).toBe(51);
  });
});

describe('sign-out (issue 20 item 4)', () => {
  it('RP-initiated: Lanyard ends both sessions and answers the portal end_session URL', async () => {
    const { b, accountId } = await signedIn();
    const res = await b.post(`${BASE}/api/v1.0/account/Wallet/OpenbadgeWalletLogout`, {});
    expect(res.status).toBe(200);
    const body = await res.json<{ end_session_url?: string }>();
    const end = new URL(body.end_session_url ?? '');
    expect(end.origin).toBe(portal.issuer);
    expect(end.searchParams.get('client_id')).toBe(portal.clientId);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${UI}/login`);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    expect(await count('SELECT COUNT(*) AS n FROM portal_sessions WHERE account_id = ?', accountId)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM sessions WHERE account_id = ?', accountId)).toBe(0);
    expect((await b.post(TOKEN_URL, {})).status).toBe(401);
    // The portal accepts it and sends the browser back to the wallet's login page.
    expect(await portalEndSession(end.href, b.portalJar)).toBe(`${UI}/login`);
  });

  it('back-channel: the portal signing out ends the wallet and portal sessions; replays and forgeries are 400', async () => {
    const { b, accountId } = await signedIn();
    expect((await b.post(TOKEN_URL, {})).status).toBe(200);
    const sid = await sidOf(accountId);
    expect(sid).toBeTruthy();
    await portalSignOut(portal.issuer, b.portalJar);
    const token = await capturedLogoutToken(sid);

    const [tampered, claims] = [
      token.split('.'),
      JSON.parse(atob(token.split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? '')),
    ];
    const forged = `${tampered[0]}.${btoa(JSON.stringify({ ...claims, sid: 'someone-else' }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_')}.${tampered[2]}`;
    expect((await backchannel(forged)).status).toBe(400);
    expect((await backchannel('not-a-jwt')).status).toBe(400);
    expect(await count('SELECT COUNT(*) AS n FROM portal_sessions WHERE account_id = ?', accountId)).toBe(1);

    expect((await backchannel(token)).status).toBe(200);
    expect(await count('SELECT COUNT(*) AS n FROM portal_sessions WHERE account_id = ?', accountId)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM sessions WHERE account_id = ?', accountId)).toBe(0);
    expect((await b.post(`${W}/GetUserInfo`, {})).status).toBe(401);
    const after = await b.post(TOKEN_URL, { return_url: `${UI}/assertions` });
    expect(after.status).toBe(401);
    expect((await after.json<{ login_url: string }>()).login_url).toContain('/portal/login?provider=portal');
    expect((await backchannel(token)).status).toBe(400); // replayed jti
  });

  it('50 parallel deliveries of one logout token: one 200, the rest refused as replays, sessions gone', async () => {
    const { b, accountId } = await signedIn();
    const sid = await sidOf(accountId);
    await portalSignOut(portal.issuer, b.portalJar);
    const token = await capturedLogoutToken(sid);
    const statuses = (await Promise.all(Array.from({ length: 50 }, () => backchannel(token)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(49);
    expect(await count('SELECT COUNT(*) AS n FROM sessions WHERE account_id = ?', accountId)).toBe(0);
  });
});

describe('password features are not for type 1 (issue 20 item 3)', () => {
  it('the wallet login refuses a portal address with E401122; a password change is E403120', async () => {
    const { user, b } = await signedIn();
    const login = await new Browser().post(`${BASE}/api/v1.0/account/Wallet/Login`, {
      email: user.email,
      password: 'Whatever#2024',
    });
    expect(login.status).toBe(401);
    expect((await login.json<{ errors: { code: string }[] }>()).errors[0]?.code).toBe('E401122');
    const change = await b.post(`${W}/Setting/Password/Change`, {
      current_password: 'Whatever#2024',
      password: 'Another#2024',
      confirm_password: 'Another#2024',
    });
    expect(change.status).toBe(403);
    expect((await change.json<{ errors: { code: string }[] }>()).errors[0]?.code).toBe('E403120');
  });
});

describe('forgot password for a portal address', () => {
  it('sends nothing and leaves no link, as for an unknown address; a wallet address still gets one', async () => {
    const { user, accountId } = await signedIn();
    const wallet = await createAccount();
    const job = `portal-forgot-${Date.now()}`;
    await sendPasswordLink(env, `${job}-1`, { email: user.email }, Date.now());
    await sendPasswordLink(env, `${job}-2`, { email: wallet.email }, Date.now());
    expect(await count('SELECT COUNT(*) AS n FROM link_tokens WHERE account_id = ?', accountId)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM outbox WHERE id = ?', `${job}-1:mail`)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM link_tokens WHERE account_id = ?', wallet.id)).toBe(1);
  });
});

describe('a type-1 merge is confirmed by a recent portal sign-in instead of a password', () => {
  it('under 15 minutes: confirmed; older: E403121 (sign in through the portal again)', async () => {
    const { b } = await signedIn();
    const merge = async (name: string, body: object) => {
      const res = await b.post(`${W}/Setting/Merge/${name}`, body);
      return { http: res.status, body: await res.json<{ merge_id?: string; errors?: { code: string }[] }>() };
    };
    const other = await createAccount();
    await env.DB.prepare('UPDATE accounts SET password_hash = ? WHERE id = ?')
      .bind(await hashPassword(env, 'Sakura#2024'), other.id)
      .run();
    const proven = await merge('Prove', { email: other.email, password: 'Sakura#2024' });
    expect(proven.http).toBe(200);
    const hash = await sha256Hex(b.cookie('lanyard_portal_session') ?? '');
    await env.DB.prepare('UPDATE portal_sessions SET auth_time = ? WHERE id_hash = ?')
      .bind(Date.now() - 20 * 60_000, hash)
      .run();
    const old = await merge('Confirm', { merge_id: proven.body.merge_id, password: 'not-used' });
    expect(old.body.errors?.[0]?.code).toBe('E403121');
    await env.DB.prepare('UPDATE portal_sessions SET auth_time = ? WHERE id_hash = ?').bind(Date.now(), hash).run();
    expect((await merge('Confirm', { merge_id: proven.body.merge_id, password: 'not-used' })).http).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE id = ? AND status = 'merged'", other.id)).toBe(1);
  });
  it('a fresh portal sign-in in another browser does not stand in for this browser’s old one', async () => {
    const { user, b } = await signedIn();
    const hash = await sha256Hex(b.cookie('lanyard_portal_session') ?? '');
    await env.DB.prepare('UPDATE portal_sessions SET auth_time = ? WHERE id_hash = ?')
      .bind(Date.now() - 20 * 60_000, hash)
      .run();
    const elsewhere = new Browser();
    expect(errorCode(await elsewhere.signIn(user))).toBeNull();
    const other = await createAccount();
    await env.DB.prepare('UPDATE accounts SET password_hash = ? WHERE id = ?')
      .bind(await hashPassword(env, 'Sakura#2024'), other.id)
      .run();
    const proven = await b.post(`${W}/Setting/Merge/Prove`, { email: other.email, password: 'Sakura#2024' });
    const { merge_id } = await proven.json<{ merge_id: string }>();
    const res = await b.post(`${W}/Setting/Merge/Confirm`, { merge_id, password: 'not-used' });
    expect((await res.json<{ errors?: { code: string }[] }>()).errors?.[0]?.code).toBe('E403121');
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE id = ? AND status = 'merged'", other.id)).toBe(0);
  });
});

describe('first sign-in with the address of a wallet account (SSO-05)', () => {
  const PASSWORD = 'Sakura#2024';
  async function walletAccount() {
    const acct = await createAccount();
    await env.DB.prepare('UPDATE accounts SET password_hash = ? WHERE id = ?')
      .bind(await hashPassword(env, PASSWORD), acct.id)
      .run();
    return acct;
  }
  const choose = (b: Browser, fields: Record<string, string>) =>
    b.fetch(`${UI}/portal/existing`, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });

  it('email_verified false or absent: no link, no takeover; the address stays the wallet account’s', async () => {
    const acct = await walletAccount();
    const user = await portalUser({ email: acct.email, email_verified: false });
    const b = new Browser();
    expect(errorCode(await b.signIn(user))).toBeNull();
    const id = await env.DB.prepare('SELECT account_id AS a FROM portal_identities WHERE subject = ?')
      .bind(user.sub)
      .first<string>('a');
    expect(id).not.toBe(acct.id);
    expect(
      await count('SELECT COUNT(*) AS n FROM account_emails WHERE account_id = ? AND verified_at IS NOT NULL', id),
    ).toBe(0);
    expect(
      await count('SELECT COUNT(*) AS n FROM account_emails WHERE account_id = ? AND verified_at IS NOT NULL', acct.id),
    ).toBe(1);
  });

  it('email_verified true: the existing-account page; a wrong password is counted; the right one merges in one batch', async () => {
    const acct = await walletAccount();
    await env.DB.prepare(
      `INSERT INTO notifications (account_id, type, message_key, message_params, url, deleted, created_at)
       VALUES (?, 1, 'k', '{}', '/', 0, ?)`,
    )
      .bind(acct.id, Date.now())
      .run()
      .catch(() => undefined);
    const user = await portalUser({ email: acct.email, email_verified: true });
    const b = new Browser();
    const res = await b.signIn(user);
    expect(res.headers.get('location')).toBe(`${UI}/portal/existing`);
    expect(b.cookie('accessToken')).toBeUndefined();
    expect(await count('SELECT COUNT(*) AS n FROM portal_identities WHERE subject = ?', user.sub)).toBe(0);

    const wrong = await choose(b, { choice: 'merge', password: 'Wrong#2024x' });
    expect(wrong.status).toBe(303);
    const back = new URL(wrong.headers.get('location') ?? '', BASE);
    expect(back.pathname).toBe('/ns/portal/openbadge/portal/existing');
    expect(back.searchParams.get('code')).toBe('E401102');
    expect(back.searchParams.get('count')).toBe('4');
    expect(b.cookie('accessToken')).toBeUndefined();

    // 50 parallel right answers: one merge, one new account, all signed in to it.
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => {
        const same = new Browser();
        same.jar.cookies.set('lanyard_portal', b.cookie('lanyard_portal') ?? '');
        return choose(same, { choice: 'merge', password: PASSWORD });
      }),
    );
    const oks = answers.filter((r) => r.headers.get('location') === `${UI}/assertions`);
    expect(oks.length).toBeGreaterThanOrEqual(1);
    expect(await count('SELECT COUNT(*) AS n FROM portal_identities WHERE subject = ?', user.sub)).toBe(1);
    const target = await env.DB.prepare('SELECT account_id AS a FROM portal_identities WHERE subject = ?')
      .bind(user.sub)
      .first<string>('a');
    const old = await env.DB.prepare('SELECT status, merged_into AS m, password_hash AS pw FROM accounts WHERE id = ?')
      .bind(acct.id)
      .first<{ status: string; m: string; pw: string | null }>();
    expect(old).toEqual({ status: 'merged', m: target, pw: null });
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM account_merges WHERE source_account_id = ? AND status = 'completed'",
        acct.id,
      ),
    ).toBe(1);
    expect(
      await count(
        'SELECT COUNT(*) AS n FROM account_emails WHERE account_id = ? AND email_normalized = ? AND verified_at IS NOT NULL AND is_primary = 1',
        target,
        acct.email,
      ),
    ).toBe(1);
    // The old account cannot sign in any more (its address now signs in through the portal).
    const login = await new Browser().post(`${BASE}/api/v1.0/account/Wallet/Login`, {
      email: acct.email,
      password: PASSWORD,
    });
    expect(login.status).toBe(401);
  });

  it('"continue without the address": a type-1 account without it; the wallet account keeps it', async () => {
    const acct = await walletAccount();
    const user = await portalUser({ email: acct.email, email_verified: true });
    const b = new Browser();
    await b.signIn(user);
    const res = await choose(b, { choice: 'separate' });
    expect(res.headers.get('location')).toBe(`${UI}/assertions`);
    expect(b.cookie('userType')).toBe('1');
    const id = await env.DB.prepare('SELECT account_id AS a FROM portal_identities WHERE subject = ?')
      .bind(user.sub)
      .first<string>('a');
    expect(id).not.toBe(acct.id);
    expect(await count('SELECT COUNT(*) AS n FROM account_emails WHERE account_id = ?', id)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE id = ? AND status = 'active'", acct.id)).toBe(1);
    // Used up: a second answer finds nothing waiting.
    expect(errorCode(await choose(b, { choice: 'separate' }))).toBe('E410120');
  });
});

describe('races', () => {
  it('50 parallel first sign-ins of one new identity (distinct flows) make exactly one account', async () => {
    const user = await portalUser();
    const browsers = Array.from({ length: 50 }, () => new Browser());
    const callbacks: string[] = [];
    const { portalAuthorize } = await import('../support/portal-login');
    for (const b of browsers) {
      const start = await b.startLogin();
      callbacks.push(await portalAuthorize(start.headers.get('location') ?? '', user, b.portalJar));
    }
    const results = await Promise.all(browsers.map((b, i) => b.callback(callbacks[i] ?? '')));
    expect(results.map((r) => errorCode(r))).toEqual(Array(50).fill(null));
    expect(await count('SELECT COUNT(*) AS n FROM portal_identities WHERE subject = ?', user.sub)).toBe(1);
    expect(
      await count(
        'SELECT COUNT(*) AS n FROM accounts a JOIN account_emails e ON e.account_id = a.id WHERE e.email_normalized = ?',
        user.email.toLowerCase(),
      ),
    ).toBe(1);
    const ids = new Set(
      (
        await env.DB.prepare(
          `SELECT DISTINCT s.account_id AS a FROM sessions s JOIN portal_identities i ON i.account_id = s.account_id WHERE i.subject = ?`,
        )
          .bind(user.sub)
          .all<{ a: string }>()
      ).results.map((r) => r.a),
    );
    expect(ids.size).toBe(1);
  });
});
