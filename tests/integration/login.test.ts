import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { attemptKey } from '../../src/server/accounts/login';
import { hashPassword } from '../../src/server/accounts/password-hash';
import { sha256Hex } from '../../src/server/auth/tokens';
import { BASE, createAccount, SAME_ORIGIN, unique } from './helpers';

const PASSWORD = 'Sakura#2024';
let hashed: Promise<string> | undefined;

async function accountWithPassword() {
  const acct = await createAccount();
  hashed ??= hashPassword(env, PASSWORD);
  await env.DB.prepare('UPDATE accounts SET password_hash = ? WHERE id = ?')
    .bind(await hashed, acct.id)
    .run();
  return acct;
}

const login = (email: string, password: string, cookie?: string) =>
  exports.default.fetch(`${BASE}/api/v1.0/account/Wallet/Login`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({ email, password }),
  });

const userInfo = (init: { cookie?: string; body?: unknown } = {}) =>
  exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/GetUserInfo`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, ...(init.cookie ? { Cookie: init.cookie } : {}) },
    body: JSON.stringify(init.body ?? {}),
  });

const tokenOf = (res: Response) => /accessToken=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1] ?? '';

describe('login and sessions', () => {
  it('SES-01: a 256-bit token in an HttpOnly, SameSite=Lax cookie for one day; only its hash is stored', async () => {
    const acct = await accountWithPassword();
    const res = await login(acct.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 200, account_id: acct.id, user_type: 2 });
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('accessToken=')) ?? '';
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Path=\//);
    expect(session).toMatch(/Max-Age=86400/);
    expect(session).not.toMatch(/Secure/); // http://127.0.0.1 in tests; https base URLs get Secure
    expect(cookies.some((c) => c.startsWith('userType=2'))).toBe(true);
    expect(cookies.some((c) => c.startsWith(`account_id=${acct.id}`))).toBe(true);
    const token = tokenOf(res);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await env.DB.prepare('SELECT token_hash FROM sessions WHERE account_id = ?')
      .bind(acct.id)
      .first<string>('token_hash');
    expect(stored).toBe(await sha256Hex(token));
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('GetUserInfo answers from the cookie or from access_token in the body, else 401 E401100', async () => {
    const acct = await accountWithPassword();
    const token = tokenOf(await login(acct.email, PASSWORD));
    const byCookie = (await (await userInfo({ cookie: `accessToken=${token}` })).json()) as Record<string, unknown>;
    expect(byCookie).toMatchObject({
      status: 200,
      account_id: acct.id,
      first_name: 'Hanako',
      account_emails: [{ account_email: acct.email, primary_yn: 'Y' }],
    });
    expect(await (await userInfo({ body: { access_token: token } })).json()).toMatchObject({ account_id: acct.id });
    const none = await userInfo();
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ errors: [{ code: 'E401100' }] });
  });

  it('SES-02: logging in replaces the session the browser arrived with', async () => {
    const acct = await accountWithPassword();
    const first = tokenOf(await login(acct.email, PASSWORD));
    const second = tokenOf(await login(acct.email, PASSWORD, `accessToken=${first}`));
    expect(second).not.toBe(first);
    expect((await userInfo({ cookie: `accessToken=${first}` })).status).toBe(401);
    expect((await userInfo({ cookie: `accessToken=${second}` })).status).toBe(200);
  });

  it('SES-03: after logout and after expiry the token is refused by the server', async () => {
    const acct = await accountWithPassword();
    const token = tokenOf(await login(acct.email, PASSWORD));
    await exports.default.fetch(`${BASE}/api/v1.0/account/Wallet/OpenbadgeWalletLogout`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}` },
      body: '{}',
    });
    expect((await userInfo({ cookie: `accessToken=${token}` })).status).toBe(401);
    const other = tokenOf(await login(acct.email, PASSWORD));
    await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1000, await sha256Hex(other))
      .run();
    expect((await userInfo({ cookie: `accessToken=${other}` })).status).toBe(401);
  });

  it('ACC-01: an unverified address cannot be used to sign in', async () => {
    const acct = await accountWithPassword();
    const pending = `${unique('pending')}@example.test`;
    await env.DB.prepare(
      'INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at) VALUES (?, ?, ?, ?, NULL, 0, ?)',
    )
      .bind(unique('e'), acct.id, pending, pending, Date.now())
      .run();
    expect((await login(pending, PASSWORD)).status).toBe(401);
  });
});

describe('lockout', () => {
  it('counts down the attempts left, translated', async () => {
    const acct = await accountWithPassword();
    const res = await login(acct.email, 'Wrong#pass1');
    expect(res.status).toBe(401);
    const body = (await res.json()) as { errors: { code: string; message: string }[] };
    expect(body.errors[0]).toMatchObject({
      code: 'E401102',
      message: 'The email address or password is incorrect. 4 attempts remaining.',
    });
  });

  it('AUTH-04: 50 parallel wrong passwords count exactly 50 and lock the address', async () => {
    const acct = await accountWithPassword();
    const answers = await Promise.all(Array.from({ length: 50 }, () => login(acct.email, 'Wrong#pass1')));
    expect(answers.every((r) => r.status === 401 || r.status === 423)).toBe(true);
    const row = await env.DB.prepare('SELECT failures, locked_until FROM login_attempts WHERE email_hash = ?')
      .bind(await attemptKey(acct.email))
      .first<{ failures: number; locked_until: number }>();
    expect(row?.failures).toBe(50);
    expect(row?.locked_until).toBeGreaterThan(Date.now());
    expect(answers.filter((r) => r.status === 423).length).toBeGreaterThanOrEqual(45);
  });

  it('AUTH-05: the right password is refused while locked and accepted once the lock has run out', async () => {
    const acct = await accountWithPassword();
    for (let i = 0; i < 5; i++) await login(acct.email, 'Wrong#pass1');
    const locked = await login(acct.email, PASSWORD);
    expect(locked.status).toBe(423);
    expect(await locked.json()).toMatchObject({ errors: [{ code: 'E423100' }] });
    await env.DB.prepare('UPDATE login_attempts SET locked_until = ? WHERE email_hash = ?')
      .bind(Date.now() - 1, await attemptKey(acct.email))
      .run();
    expect((await login(acct.email, PASSWORD)).status).toBe(200);
    expect(
      await env.DB.prepare('SELECT COUNT(*) AS n FROM login_attempts WHERE email_hash = ?')
        .bind(await attemptKey(acct.email))
        .first('n'),
    ).toBe(0);
  });

  it('AUTH-07: an unknown address gets the same answers, count and lock as a known one', async () => {
    const acct = await accountWithPassword();
    const unknown = `${unique('ghost')}@example.test`;
    for (let i = 1; i <= 5; i++) {
      const [known, ghost] = await Promise.all([login(acct.email, 'Wrong#pass1'), login(unknown, 'Wrong#pass1')]);
      expect(ghost.status).toBe(known.status);
      expect(await ghost.json()).toEqual(await known.json());
      expect([...ghost.headers.keys()].filter((k) => k !== 'x-request-id').sort()).toEqual(
        [...known.headers.keys()].filter((k) => k !== 'x-request-id').sort(),
      );
    }
    expect((await login(unknown, 'anything')).status).toBe(423);
  });
});
