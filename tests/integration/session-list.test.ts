import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { utcDateTime } from '../../src/lib/dates';
import { sha256Hex } from '../../src/server/auth/tokens';
import { BASE, SAME_ORIGIN, createAccount } from './helpers';
import { PASSWORD, signedIn } from './settings-helpers';
import { hashPassword } from '../../src/server/accounts/password-hash';

/**
 * Issue 22 Deliver 3: the sessions list of settings, its sign-outs (one, everywhere else), "last
 * seen", and the notice of a sign-in from a new device. A device is the `device` cookie (a random
 * id the browser keeps for 400 days, stored only as SHA-256 with the account id): a sign-in that
 * brings no cookie, or one this account has not seen, is a new device; the account's very first
 * device is not announced (nothing to compare it with).
 */
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const S = '/api/v1.0/openbadge/v2/Wallet/Setting/Sessions';

const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0] ?? '';

/** Signs in through Login with a User-Agent and, if given, the device cookie; answers both cookies. */
async function loginAs(email: string, ua: string, device = '') {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/account/Wallet/Login`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, 'User-Agent': ua, ...(device ? { Cookie: device } : {}) },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return { cookie: cookieOf(res, 'accessToken'), device: cookieOf(res, 'device') };
}

async function call(cookie: string, name: string, body: object = {}) {
  const res = await exports.default.fetch(`${BASE}${S}/${name}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: cookie },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { errors?: { code: string }[] } & Record<string, unknown>;
  return { http: res.status, code: json.errors?.[0]?.code ?? null, json };
}

type Listed = {
  id: string;
  device: string;
  place: string | null;
  current: boolean;
  user_type: number;
  last_seen_at: number;
};
const list = async (cookie: string) => (await call(cookie, 'List')).json['sessions'] as Listed[];

async function alive(cookie: string) {
  return (await call(cookie, 'List')).http === 200;
}

/** An account with a password and no session yet. */
async function account() {
  const acct = await createAccount();
  await env.DB.prepare('UPDATE accounts SET password_hash = ?, password_changed_at = ? WHERE id = ?')
    .bind(await hashPassword(env, PASSWORD), Date.now(), acct.id)
    .run();
  return acct;
}

const notices = async (accountId: string) =>
  (
    await env.DB.prepare(
      "SELECT type, message_key AS k, message_params AS p, url FROM notifications WHERE account_id = ? AND message_key LIKE 'notifications.new_device%' ORDER BY id",
    )
      .bind(accountId)
      .all<{ type: number; k: string; p: string; url: string }>()
  ).results;

const mails = async (email: string) =>
  (
    await env.DB.prepare("SELECT payload FROM outbox WHERE kind = 'mail' AND payload LIKE ?")
      .bind(`%"to":"${email}"%`)
      .all<{ payload: string }>()
  ).results.map((r) => JSON.parse(r.payload) as { subject: string; text: string; kind?: string });

describe('sessions list (issue 22)', () => {
  it('lists each signed-in session with device, unknown place, times; this device first and marked', async () => {
    const me = await account();
    const a = await loginAs(me.email, FIREFOX);
    const b = await loginAs(me.email, SAFARI_IPHONE);
    const rows = await list(a.cookie);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ device: 'Firefox on Windows', current: true, user_type: 2, place: null });
    expect(rows[1]).toMatchObject({ device: 'Safari on iOS', current: false });
    expect(rows[0]?.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The other browser sees itself as "this device".
    expect((await list(b.cookie)).find((r) => r.current)?.device).toBe('Safari on iOS');
    // Never the token or its hash.
    expect(JSON.stringify(rows)).not.toContain(await sha256Hex(a.cookie.split('=')[1] ?? ''));
  });

  it('translates the device label in the request language', async () => {
    const me = await account();
    const a = await loginAs(me.email, FIREFOX);
    const res = await exports.default.fetch(`${BASE}${S}/List`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, Cookie: `${a.cookie}; language=ja` },
      body: '{}',
    });
    const json = (await res.json()) as { sessions: Listed[] };
    expect(json.sessions[0]?.device).toBe('Windows の Firefox');
  });

  it('lists a portal session (user type 1) and signing it out ends the portal session behind it', async () => {
    const me = await account();
    const a = await loginAs(me.email, FIREFOX);
    const now = Date.now();
    const portalHash = await sha256Hex(`portal-${me.id}`);
    const tokenHash = await sha256Hex(`wallet-${me.id}`);
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO portal_sessions (id_hash, account_id, provider_id, issuer, subject, id_token, auth_time, created_at, expires_at)
         VALUES (?, ?, 'portal', 'https://sso.example', ?, 'x', ?, ?, ?)`,
      ).bind(portalHash, me.id, me.id, now, now, now + 3_600_000),
      env.DB.prepare(
        `INSERT INTO sessions (token_hash, account_id, user_type, portal_session_hash, public_id, created_at, expires_at)
         VALUES (?, ?, 1, ?, ?, ?, ?)`,
      ).bind(tokenHash, me.id, portalHash, `p${me.id}`.slice(0, 22), now, now + 3_600_000),
    ]);
    const portal = (await list(a.cookie)).find((r) => r.user_type === 1);
    expect(portal).toBeTruthy();
    expect((await call(a.cookie, 'SignOut', { session_id: portal?.id })).http).toBe(200);
    const left = await env.DB.prepare('SELECT COUNT(*) AS n FROM portal_sessions WHERE id_hash = ?')
      .bind(portalHash)
      .first<number>('n');
    expect(left).toBe(0);
  });

  it('needs a session (401) and refuses a session id of another account (404, AZ-*), leaving it alive', async () => {
    expect((await call('', 'List')).http).toBe(401);
    const me = await account();
    const other = await account();
    const mine = await loginAs(me.email, FIREFOX);
    const theirs = await loginAs(other.email, FIREFOX);
    const theirId = (await list(theirs.cookie))[0]?.id ?? '';
    const r = await call(mine.cookie, 'SignOut', { session_id: theirId });
    expect([r.http, r.code]).toEqual([404, 'E404100']);
    expect(await alive(theirs.cookie)).toBe(true);
    // Malformed ids are field errors, never a 500.
    for (const bad of [{}, { session_id: '' }, { session_id: 'x'.repeat(65) }, { session_id: 7 }])
      expect((await call(mine.cookie, 'SignOut', bad)).code).toBe('E400100');
  });

  it('does not sign out the current session by id (that is Logout) and answers 404', async () => {
    const me = await account();
    const a = await loginAs(me.email, FIREFOX);
    const own = (await list(a.cookie))[0]?.id ?? '';
    expect((await call(a.cookie, 'SignOut', { session_id: own })).http).toBe(404);
    expect(await alive(a.cookie)).toBe(true);
  });

  it('signs out another session: its cookie is refused at once, this one stays', async () => {
    const me = await account();
    const a = await loginAs(me.email, FIREFOX);
    const b = await loginAs(me.email, SAFARI_IPHONE);
    const target = (await list(a.cookie)).find((r) => !r.current)?.id;
    expect((await call(a.cookie, 'SignOut', { session_id: target })).http).toBe(200);
    expect((await call(b.cookie, 'List')).http).toBe(401);
    expect(await alive(a.cookie)).toBe(true);
    expect(await list(a.cookie)).toHaveLength(1);
  });

  it('50 parallel sign-outs of the same session: exactly one 200, the rest 404, no 5xx', async () => {
    const me = await account();
    const a = await loginAs(me.email, FIREFOX);
    await loginAs(me.email, SAFARI_IPHONE);
    const target = (await list(a.cookie)).find((r) => !r.current)?.id;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(a.cookie, 'SignOut', { session_id: target })),
    );
    const statuses = answers.map((r) => r.http).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(49);
  });

  it('50 parallel sign-outs of 50 different sessions all succeed and leave only this one', async () => {
    const me = await account();
    const a = await loginAs(me.email, FIREFOX);
    const now = Date.now();
    const ids = Array.from({ length: 50 }, (_, i) => `s${i}-${me.id}`.slice(0, 40));
    await env.DB.batch(
      await Promise.all(
        ids.map(async (id) =>
          env.DB.prepare(
            'INSERT INTO sessions (token_hash, account_id, user_type, public_id, created_at, expires_at) VALUES (?, ?, 2, ?, ?, ?)',
          ).bind(await sha256Hex(id), me.id, id, now, now + 3_600_000),
        ),
      ),
    );
    const answers = await Promise.all(ids.map((id) => call(a.cookie, 'SignOut', { session_id: id })));
    expect(answers.map((r) => r.http)).toEqual(ids.map(() => 200));
    expect((await list(a.cookie)).map((r) => r.current)).toEqual([true]);
  });

  it('"sign out everywhere else", 50 times in parallel: every other session ends once, this one stays', async () => {
    const me = await account();
    const a = await loginAs(me.email, FIREFOX);
    const others = await Promise.all(Array.from({ length: 3 }, () => loginAs(me.email, SAFARI_IPHONE)));
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(a.cookie, 'SignOutOthers')));
    expect(answers.every((r) => r.http === 200)).toBe(true);
    expect(answers.reduce((n, r) => n + Number(r.json['ended']), 0)).toBe(3);
    for (const o of others) expect(await alive(o.cookie)).toBe(false);
    expect(await alive(a.cookie)).toBe(true);
    // Another account's sessions are untouched.
    const stranger = await signedIn();
    expect((await call(a.cookie, 'SignOutOthers')).json['ended']).toBe(0);
    expect((await call(stranger.cookie, 'List')).http).toBe(200);
  });

  it('"last seen" is written at most every five minutes, not on every request', async () => {
    const me = await account();
    const a = await loginAs(me.email, FIREFOX);
    const hash = await sha256Hex(a.cookie.split('=')[1] ?? '');
    const seen = () =>
      env.DB.prepare('SELECT last_seen_at AS t FROM sessions WHERE token_hash = ?').bind(hash).first<number>('t');
    const first = await seen();
    await list(a.cookie);
    expect(await seen()).toBe(first);
    const old = Date.now() - 6 * 60_000;
    await env.DB.prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?').bind(old, hash).run();
    await list(a.cookie);
    expect(await seen()).toBeGreaterThan(old + 5 * 60_000);
  });
});

describe('a sign-in from a new device (issue 22)', () => {
  it('the first device is not announced; a second is (notification + info mail); a known one is not', async () => {
    const me = await account();
    const first = await loginAs(me.email, FIREFOX);
    expect(first.device).toMatch(/^device=[A-Za-z0-9_-]{22}$/);
    expect(await notices(me.id)).toEqual([]);
    // The same browser again (it sends its device cookie): known.
    await loginAs(me.email, FIREFOX, first.device);
    expect(await notices(me.id)).toEqual([]);
    // Another browser: new.
    const second = await loginAs(me.email, SAFARI_IPHONE);
    const n = await notices(me.id);
    expect(n).toHaveLength(1);
    expect(n[0]).toMatchObject({
      k: 'notifications.new_device_no_place',
      url: '/ns/portal/openbadge/setting/sessions',
    });
    expect(JSON.parse(n[0]?.p ?? '{}')).toEqual({ device: 'Safari on iOS' });
    const m = await mails(me.email);
    expect(m).toHaveLength(1);
    expect(m[0]).toMatchObject({ subject: 'New sign-in to your Lanyard wallet', kind: 'info' });
    expect(m[0]?.text).toContain('Safari on iOS');
    expect(m[0]?.text).toContain('/ns/portal/openbadge/setting/sessions');
    // That browser is known from now on.
    await loginAs(me.email, SAFARI_IPHONE, second.device);
    expect(await notices(me.id)).toHaveLength(1);
  });

  it('a device cookie of another account does not count as known here (hashed with the account id)', async () => {
    const me = await account();
    const other = await account();
    await loginAs(me.email, FIREFOX);
    const theirs = await loginAs(other.email, FIREFOX);
    await loginAs(me.email, FIREFOX, theirs.device);
    expect(await notices(me.id)).toHaveLength(1);
  });

  it('a forged or malformed device cookie is replaced, and the sign-in is a new device', async () => {
    const me = await account();
    await loginAs(me.email, FIREFOX);
    const forged = await loginAs(me.email, FIREFOX, 'device=../../etc;x');
    expect(forged.device).toMatch(/^device=[A-Za-z0-9_-]{22}$/);
    expect(await notices(me.id)).toHaveLength(1);
  });

  it('with info mail off: the notification, no mail; the mail is in the account language', async () => {
    const off = await account();
    await env.DB.prepare('UPDATE accounts SET receive_info_mail = 0 WHERE id = ?').bind(off.id).run();
    await loginAs(off.email, FIREFOX);
    await loginAs(off.email, FIREFOX);
    expect(await notices(off.id)).toHaveLength(1);
    expect(await mails(off.email)).toEqual([]);

    const ja = await account();
    await env.DB.prepare("UPDATE accounts SET language = 'ja' WHERE id = ?").bind(ja.id).run();
    await loginAs(ja.email, FIREFOX);
    await loginAs(ja.email, FIREFOX);
    const [mail] = await mails(ja.email);
    expect(mail?.subject).toBe('Lanyard ウォレットへの新しいログイン');
    expect(mail?.text).toContain('Windows の Firefox');
  });

  it('the mail writes the time in the account language and calendar, in UTC (issue 35)', async () => {
    const th = await account();
    await env.DB.prepare("UPDATE accounts SET language = 'th' WHERE id = ?").bind(th.id).run();
    await loginAs(th.email, FIREFOX);
    const before = Date.now();
    await loginAs(th.email, SAFARI_IPHONE);
    const after = Date.now();
    const [mail] = await mails(th.email);
    // As the Thai pages write dates: the Buddhist era (2026 is 2569), never "2026-11-28 15:10 UTC".
    const times = [before, after].map((ms) => `${utcDateTime('th').format(ms)} (เวลา UTC)`);
    expect(times.some((t) => mail?.text.includes(t))).toBe(true);
    expect(mail?.text).toContain(String(new Date(before).getUTCFullYear() + 543));
    expect(mail?.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    const en = await account();
    await loginAs(en.email, FIREFOX);
    const at = Date.now();
    await loginAs(en.email, SAFARI_IPHONE);
    const [english] = await mails(en.email);
    const enTimes = [at, Date.now()].map((ms) => `at ${utcDateTime('en').format(ms)} (UTC).`);
    expect(enTimes.some((t) => english?.text.includes(t))).toBe(true);
  });

  it('50 parallel sign-ins from one new device: exactly one notification and one mail', async () => {
    const me = await account();
    await loginAs(me.email, FIREFOX);
    const device = 'device=ParallelDevice_0123456';
    const all = await Promise.all(Array.from({ length: 50 }, () => loginAs(me.email, SAFARI_IPHONE, device)));
    expect(new Set(all.map((r) => r.cookie)).size).toBe(50);
    expect(await notices(me.id)).toHaveLength(1);
    expect(await mails(me.email)).toHaveLength(1);
    const known = await env.DB.prepare('SELECT COUNT(*) AS n FROM known_devices WHERE account_id = ?')
      .bind(me.id)
      .first<number>('n');
    expect(known).toBe(2);
  });
});
