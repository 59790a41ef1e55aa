import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE, createAccount, createSession, SAME_ORIGIN } from './helpers';
import { PASSWORD, settingsCall, signedIn } from './settings-helpers';
import { appCode, attempts, codeStep, passwordStep, withAppCodes } from './two-step-helpers';

const userInfo = (cookie: string) =>
  exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/GetUserInfo`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: cookie },
    body: '{}',
  });

describe('authenticator-app codes: enrolment (issue 22, Deliver 2)', () => {
  it('needs the password, shows a QR code and secret, and changes nothing until a code confirms it', async () => {
    const acct = await signedIn();
    const wrong = await settingsCall(acct.cookie, 'TwoStep/AppCodes/Start', { password: 'Not#theRight1' });
    expect([wrong.http, wrong.code]).toEqual([400, 'E400105']);
    const start = await settingsCall(acct.cookie, 'TwoStep/AppCodes/Start', { password: PASSWORD });
    expect(start.http).toBe(200);
    const secret = String(start.json['secret']);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.json['otpauth_uri']).toBe(
      `otpauth://totp/Lanyard%3A${encodeURIComponent(acct.email)}?secret=${secret}&issuer=Lanyard&algorithm=SHA1&digits=6&period=30`,
    );
    expect(String(start.json['qr_svg'])).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Not on yet: sign-in still needs only the password.
    expect((await settingsCall(acct.cookie, 'TwoStep/Status')).json).toMatchObject({ app_codes: false });
    expect((await passwordStep(acct.email)).json['second_step']).toBeUndefined();

    const bad = await settingsCall(acct.cookie, 'TwoStep/AppCodes/Confirm', {
      code: '000000' === (await appCode(secret)) ? '111111' : '000000',
    });
    expect([bad.http, bad.code]).toEqual([400, 'E400140']);
    expect(bad.message).toMatch(/clock/);
    const ok = await settingsCall(acct.cookie, 'TwoStep/AppCodes/Confirm', { code: await appCode(secret) });
    expect(ok.http).toBe(200);
    const codes = ok.json['recovery_codes'] as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect((await settingsCall(acct.cookie, 'TwoStep/Status')).json).toMatchObject({
      app_codes: true,
      recovery_codes_left: 10,
    });
    // Only digests are kept.
    const stored = await env.DB.prepare('SELECT code_hash FROM recovery_codes WHERE account_id = ?')
      .bind(acct.id)
      .all();
    const dump = JSON.stringify(stored.results);
    for (const c of codes) expect(dump).not.toContain(c.replace(/-/g, ''));
    expect(stored.results).toHaveLength(10);
    // On: a new start is refused, confirming again too.
    const again = await settingsCall(acct.cookie, 'TwoStep/AppCodes/Start', { password: PASSWORD });
    expect([again.http, again.code]).toEqual([409, 'E409140']);
    const twice = await settingsCall(acct.cookie, 'TwoStep/AppCodes/Confirm', { code: await appCode(secret) });
    expect([twice.http, twice.code]).toEqual([409, 'E409141']);
  });

  it('answers in the request language (ja)', async () => {
    const acct = await signedIn();
    await settingsCall(acct.cookie, 'TwoStep/AppCodes/Start', { password: PASSWORD });
    const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Setting/TwoStep/AppCodes/Confirm`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, Cookie: `${acct.cookie}; language=ja` },
      body: JSON.stringify({ code: 'abcdef' }),
    });
    const body = (await res.json()) as { errors: { code: string; message: string }[] };
    expect(body.errors[0]).toMatchObject({ code: 'E400140' });
    expect(body.errors[0]?.message).toMatch(/コード/);
  });

  it('portal users (type 1) cannot turn app codes on: the portal signs them in (E403140)', async () => {
    const acct = await createAccount();
    await env.DB.prepare('UPDATE accounts SET user_type = 1 WHERE id = ?').bind(acct.id).run();
    const token = await createSession(acct.id);
    await env.DB.prepare('UPDATE sessions SET user_type = 1 WHERE account_id = ?').bind(acct.id).run();
    const r = await settingsCall(`accessToken=${token}`, 'TwoStep/AppCodes/Start', { password: PASSWORD });
    expect([r.http, r.code]).toEqual([403, 'E403140']);
    // Even with a secret planted in the table, a portal account never reaches a second step here.
    await env.DB.prepare(
      "INSERT INTO totp_factors (account_id, secret, confirmed_at, created_at) VALUES (?, 'JBSWY3DPEHPK3PXP', 1, 1)",
    )
      .bind(acct.id)
      .run();
    const login = await passwordStep(acct.email);
    expect(login.json).toMatchObject({ errors: [{ code: 'E401122' }] });
    expect(login.pending).toBe('');
  });

  it('50 parallel starts leave one unconfirmed secret, one of those answered', async () => {
    const acct = await signedIn();
    const all = await Promise.all(
      Array.from({ length: 50 }, () => settingsCall(acct.cookie, 'TwoStep/AppCodes/Start', { password: PASSWORD })),
    );
    expect(all.every((r) => r.http === 200)).toBe(true);
    const rows = await env.DB.prepare('SELECT secret, confirmed_at FROM totp_factors WHERE account_id = ?')
      .bind(acct.id)
      .all<{ secret: string; confirmed_at: number | null }>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0]?.confirmed_at).toBeNull();
    expect(all.map((r) => r.json['secret'])).toContain(rows.results[0]?.secret);
  });

  it('50 parallel confirmations with the right code: one turns it on, with exactly ten recovery codes', async () => {
    const acct = await signedIn();
    const start = await settingsCall(acct.cookie, 'TwoStep/AppCodes/Start', { password: PASSWORD });
    const code = await appCode(String(start.json['secret']));
    const all = await Promise.all(
      Array.from({ length: 50 }, () => settingsCall(acct.cookie, 'TwoStep/AppCodes/Confirm', { code })),
    );
    expect(all.filter((r) => r.http === 200)).toHaveLength(1);
    expect(all.filter((r) => r.code === 'E409141')).toHaveLength(49);
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM recovery_codes WHERE account_id = ?')
      .bind(acct.id)
      .first('n');
    expect(n).toBe(10);
  });

  it('turning off needs the password; then sign-in asks for the password only, old codes are gone', async () => {
    const acct = await withAppCodes();
    const wrong = await settingsCall(acct.cookie, 'TwoStep/AppCodes/Off', { password: 'Not#theRight1' });
    expect([wrong.http, wrong.code]).toEqual([400, 'E400105']);
    expect((await settingsCall(acct.cookie, 'TwoStep/Status')).json).toMatchObject({ app_codes: true });
    const off = await settingsCall(acct.cookie, 'TwoStep/AppCodes/Off', { password: PASSWORD });
    expect(off.http).toBe(200);
    expect((await settingsCall(acct.cookie, 'TwoStep/Status')).json).toMatchObject({
      app_codes: false,
      recovery_codes_left: 0,
    });
    const login = await passwordStep(acct.email);
    expect(login.json['second_step']).toBeUndefined();
    expect(login.session).not.toBe('');
  });

  it('50 parallel turn-offs with the password: all succeed, nothing is left', async () => {
    const acct = await withAppCodes();
    const all = await Promise.all(
      Array.from({ length: 50 }, () => settingsCall(acct.cookie, 'TwoStep/AppCodes/Off', { password: PASSWORD })),
    );
    expect(all.every((r) => r.http === 200)).toBe(true);
    const left = await env.DB.prepare(
      'SELECT (SELECT COUNT(*) FROM totp_factors WHERE account_id = ?1) + (SELECT COUNT(*) FROM recovery_codes WHERE account_id = ?1) AS n',
    )
      .bind(acct.id)
      .first('n');
    expect(left).toBe(0);
  });
});

describe('sign-in second step', () => {
  it('a right password gives no session, only a short-lived HttpOnly pending cookie; the code completes it', async () => {
    const acct = await withAppCodes();
    const first = await passwordStep(acct.email);
    expect(first.http).toBe(200);
    expect(first.json).toMatchObject({ status: 200, account_id: acct.id, second_step: 'totp' });
    expect(first.session).toBe('');
    const raw = first.setCookie.find((c) => c.startsWith('lanyard_mfa=')) ?? '';
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/Max-Age=300/);
    expect(raw).toMatch(/SameSite=Lax/);
    const done = await codeStep(first.pending, await appCode(acct.secret));
    expect(done.http).toBe(200);
    expect(done.json).toMatchObject({ account_id: acct.id, user_type: 2 });
    expect((await userInfo(done.session)).status).toBe(200);
    // The pending sign-in is closed: the same cookie again is E401141.
    const replay = await codeStep(first.pending, await appCode(acct.secret, 1));
    expect([replay.http, replay.code]).toEqual([401, 'E401141']);
  });

  it('no cookie, a made-up one or an expired one: E401141, nothing counted', async () => {
    const acct = await withAppCodes();
    expect((await codeStep('', '123456')).code).toBe('E401141');
    expect((await codeStep('lanyard_mfa=forged-ticket-value', '123456')).code).toBe('E401141');
    const first = await passwordStep(acct.email);
    await env.DB.prepare('UPDATE mfa_logins SET expires_at = ? WHERE account_id = ?')
      .bind(Date.now() - 1, acct.id)
      .run();
    const late = await codeStep(first.pending, await appCode(acct.secret));
    expect([late.http, late.code]).toEqual([401, 'E401141']);
    expect(await attempts(acct.email)).toBeNull();
  });

  it('a reused app code is refused and counted, as a wrong one is', async () => {
    const acct = await withAppCodes();
    const code = await appCode(acct.secret);
    const one = await passwordStep(acct.email);
    expect((await codeStep(one.pending, code)).http).toBe(200);
    const two = await passwordStep(acct.email);
    const reused = await codeStep(two.pending, code);
    expect([reused.http, reused.code]).toEqual([401, 'E401140']);
    expect(reused.json.errors?.[0]?.message).toMatch(/4 attempts/);
    // The code of the enrolment itself (one step back) is older still: refused too.
    expect((await codeStep(two.pending, await appCode(acct.secret, -1))).code).toBe('E401140');
    expect((await attempts(acct.email))?.failures).toBe(2);
  });

  it('wrong codes count to the lockout; the password step does not reset the count; locked refuses a right code', async () => {
    const acct = await withAppCodes();
    let pending = (await passwordStep(acct.email)).pending;
    for (const left of [4, 3]) {
      const r = await codeStep(pending, '000001');
      expect([r.http, r.code, r.json.errors?.[0]?.message]).toEqual([
        401,
        'E401140',
        expect.stringContaining(`${left} attempts`),
      ]);
    }
    // The right password again opens a new step, but the count stays at two.
    pending = (await passwordStep(acct.email)).pending;
    expect((await attempts(acct.email))?.failures).toBe(2);
    for (const left of [2, 1])
      expect((await codeStep(pending, 'zzzz-zzzz-zzzz-zzzz')).json.errors?.[0]?.message).toMatch(`${left} attempts`);
    const fifth = await codeStep(pending, '000002');
    expect([fifth.http, fifth.code]).toEqual([423, 'E423100']);
    const right = await codeStep(pending, await appCode(acct.secret));
    expect([right.http, right.code, right.session]).toEqual([423, 'E423100', '']);
    // The password is locked too: it is one count per address.
    expect((await passwordStep(acct.email)).http).toBe(423);
  });

  it('a recovery code signs in once; used twice it is refused; dashes, spaces and case do not matter', async () => {
    const acct = await withAppCodes();
    const code = acct.recovery[3] ?? '';
    const one = await passwordStep(acct.email);
    const typed = ` ${code.replace(/-/g, ' ').toUpperCase()} `;
    const ok = await codeStep(one.pending, typed);
    expect(ok.http).toBe(200);
    expect((await settingsCall(ok.session, 'TwoStep/Status')).json).toMatchObject({ recovery_codes_left: 9 });
    const two = await passwordStep(acct.email);
    const again = await codeStep(two.pending, code);
    expect([again.http, again.code]).toEqual([401, 'E401140']);
  });

  it("another account's recovery code or app code does not complete this sign-in", async () => {
    const mine = await withAppCodes();
    const other = await withAppCodes();
    const pending = (await passwordStep(mine.email)).pending;
    expect((await codeStep(pending, other.recovery[0] ?? '')).code).toBe('E401140');
    const otherCode = await appCode(other.secret);
    const expected = otherCode === (await appCode(mine.secret)) ? 200 : 401;
    expect((await codeStep(pending, otherCode)).http).toBe(expected);
  });

  it('50 parallel uses of one recovery code on one pending sign-in: one use is recorded, at most one session', async () => {
    const acct = await withAppCodes();
    const pending = (await passwordStep(acct.email)).pending;
    const code = acct.recovery[0] ?? '';
    const all = await Promise.all(Array.from({ length: 50 }, () => codeStep(pending, code)));
    const wins = all.filter((r) => r.http === 200);
    expect(wins.length).toBeLessThanOrEqual(1);
    for (const r of all) if (r.http !== 200) expect(['E401140', 'E401141', 'E423100']).toContain(r.code);
    const used = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM recovery_codes WHERE account_id = ? AND used_at IS NOT NULL',
    )
      .bind(acct.id)
      .first('n');
    expect(used).toBe(1);
    const sessions = await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions WHERE account_id = ?')
      .bind(acct.id)
      .first('n');
    // The enrolment's own session, plus at most the one winner.
    expect(sessions).toBe(1 + wins.length);
  });

  it('50 parallel uses of one recovery code on 50 pending sign-ins: still one use', async () => {
    const acct = await withAppCodes();
    const pendings = await Promise.all(
      Array.from({ length: 50 }, async () => (await passwordStep(acct.email)).pending),
    );
    const code = acct.recovery[1] ?? '';
    const all = await Promise.all(pendings.map((p) => codeStep(p, code)));
    expect(all.filter((r) => r.http === 200).length).toBeLessThanOrEqual(1);
    const used = await env.DB.prepare(
      'SELECT COUNT(*) AS n, COUNT(DISTINCT used_ticket) AS t FROM recovery_codes WHERE account_id = ? AND used_at IS NOT NULL',
    )
      .bind(acct.id)
      .first<{ n: number; t: number }>();
    expect(used).toEqual({ n: 1, t: 1 });
    const open = await env.DB.prepare('SELECT COUNT(*) AS n FROM mfa_logins WHERE account_id = ?')
      .bind(acct.id)
      .first('n');
    expect(open).toBe(49);
  });

  it('50 parallel uses of one app code on one pending sign-in: one step recorded, at most one session', async () => {
    const acct = await withAppCodes();
    const pending = (await passwordStep(acct.email)).pending;
    const code = await appCode(acct.secret);
    const all = await Promise.all(Array.from({ length: 50 }, () => codeStep(pending, code)));
    expect(all.filter((r) => r.http === 200).length).toBeLessThanOrEqual(1);
    const sessions = await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions WHERE account_id = ?')
      .bind(acct.id)
      .first('n');
    expect(sessions).toBeLessThanOrEqual(2);
    expect(
      await env.DB.prepare('SELECT COUNT(*) AS n FROM mfa_logins WHERE account_id = ?').bind(acct.id).first('n'),
    ).toBe(0);
  });
});

describe('housekeeping', () => {
  it('the nightly purge deletes pending second steps past their five minutes, and keeps live ones', async () => {
    const { purgeExpired } = await import('../../src/server/jobs/scheduled');
    const acct = await withAppCodes();
    await passwordStep(acct.email);
    await passwordStep(acct.email);
    await env.DB.prepare(
      'UPDATE mfa_logins SET expires_at = ? WHERE rowid = (SELECT MIN(rowid) FROM mfa_logins WHERE account_id = ?)',
    )
      .bind(Date.now() - 1, acct.id)
      .run();
    await purgeExpired(env);
    const left = await env.DB.prepare('SELECT COUNT(*) AS n FROM mfa_logins WHERE account_id = ?')
      .bind(acct.id)
      .first('n');
    expect(left).toBe(1);
  });
});
