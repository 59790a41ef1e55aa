import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/server/auth/tokens';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { BASE, SAME_ORIGIN } from './helpers';
import { accountCall, ORIGIN, passkeyCall, registerPasskey, signInOptions, storedPasskey } from './passkey-helpers';
import { PASSWORD, settingsCall, signedIn } from './settings-helpers';
import { attempts, passwordStep, withAppCodes } from './two-step-helpers';

const userInfo = async (cookie: string) =>
  (
    await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/GetUserInfo`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, Cookie: cookie },
      body: '{}',
    })
  ).status;

/** An account with a password and one registered passkey. */
async function withPasskey() {
  const acct = await signedIn();
  const reg = await registerPasskey(acct.cookie);
  return { ...acct, ...reg };
}

/** Options for a passkey alone, answered by `auth` (bent as asked): LoginPasskey's result. */
async function signIn(auth: SoftAuthenticator, bend: Parameters<SoftAuthenticator['get']>[1] = {}) {
  const options = await signInOptions();
  return accountCall('LoginPasskey', { response: await auth.get(options, bend) });
}

describe('sign-in with a passkey alone (issue 22, Deliver 1)', () => {
  it('discoverable options; signs in as a password does, with no second step, and records the use', async () => {
    const acct = await withPasskey();
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required', allowCredentials: [] });
    const r = await accountCall('LoginPasskey', { response: await acct.auth.get(options) });
    expect(r.http).toBe(200);
    expect(r.json).toMatchObject({ status: 200, account_id: acct.id, user_type: 2 });
    expect(r.session).toMatch(/^accessToken=.{40,}/);
    expect(r.setCookie.find((c) => c.startsWith('accessToken='))).toMatch(/HttpOnly/);
    expect(await userInfo(r.session)).toBe(200);
    // It is a session like any other: in the sessions list, and the device is remembered.
    const sessions = await settingsCall(r.session, 'Sessions/List');
    expect((sessions.json['sessions'] as { current: boolean }[]).filter((s) => s.current)).toHaveLength(1);
    expect((await storedPasskey(acct.credential.id))?.last_used_at).toBeGreaterThan(0);
  });

  it('even with app codes on: a passkey with user verification is two factors', async () => {
    const acct = await withAppCodes();
    const { auth } = await registerPasskey(acct.cookie);
    const r = await signIn(auth);
    expect(r.http).toBe(200);
    expect(r.json['second_step']).toBeUndefined();
    expect(await userInfo(r.session)).toBe(200);
  });

  it('refuses a replayed challenge: of 50 parallel answers to one challenge exactly one signs in', async () => {
    const acct = await withPasskey();
    const options = await signInOptions();
    const answers = [];
    for (let i = 0; i < 50; i += 1) answers.push(await acct.auth.get(options));
    const results = await Promise.all(answers.map((a) => accountCall('LoginPasskey', { response: a })));
    expect(results.filter((r) => r.http === 200)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.http !== 200).map((r) => r.code))).toEqual(new Set(['E400154']));
    const again = await accountCall('LoginPasskey', { response: answers[0] });
    expect([again.http, again.code, again.session]).toEqual([400, 'E400154', '']);
  });

  it('refuses an expired challenge and one made for another step', async () => {
    const acct = await withPasskey();
    const late = await signInOptions();
    await env.DB.prepare('UPDATE webauthn_challenges SET expires_at = ? WHERE challenge_hash = ?')
      .bind(Date.now() - 1, await sha256Hex(late.challenge))
      .run();
    const r1 = await accountCall('LoginPasskey', { response: await acct.auth.get(late) });
    expect([r1.http, r1.code]).toEqual([400, 'E400155']);
    expect(r1.message).toMatch(/5 minutes/);
    // A settings re-auth challenge cannot sign in.
    const reauth = await passkeyCall(acct.cookie, 'Reauth/Options');
    const r2 = await accountCall('LoginPasskey', { response: await acct.auth.get(reauth.json['options'] as never) });
    expect([r2.http, r2.code]).toEqual([400, 'E400153']);
  });

  it('refuses another origin, another RP id, no user verification: each its own code', async () => {
    const acct = await withPasskey();
    const origin = await signIn(acct.auth, { origin: 'https://evil.example' });
    expect([origin.http, origin.code, origin.session]).toEqual([400, 'E400151', '']);
    const rp = await signIn(acct.auth, { rpId: 'evil.example' });
    expect([rp.http, rp.code]).toEqual([400, 'E400152']);
    const uv = await signIn(acct.auth, { uv: false });
    expect([uv.http, uv.code]).toEqual([400, 'E400156']);
    // Still works afterwards.
    expect((await signIn(acct.auth)).http).toBe(200);
  });

  it('a counter going backwards is refused; authenticators without a counter (0/0) are accepted', async () => {
    const acct = await signedIn();
    const auth = new SoftAuthenticator(ORIGIN);
    const counting = await registerPasskey(acct.cookie, auth);
    // Without a counter: 0 every time.
    expect((await signIn(auth, { credential: counting.credential })).http).toBe(200);
    expect((await signIn(auth, { credential: counting.credential })).http).toBe(200);
    expect((await signIn(auth, { credential: counting.credential, counter: 7 })).http).toBe(200);
    expect((await storedPasskey(counting.credential.id))?.counter).toBe(7);
    expect((await signIn(auth, { credential: counting.credential, counter: 8 })).http).toBe(200);
    const back = await signIn(auth, { credential: counting.credential, counter: 5 });
    expect([back.http, back.code]).toEqual([401, 'E401151']);
    const same = await signIn(auth, { credential: counting.credential, counter: 8 });
    expect([same.http, same.code]).toEqual([401, 'E401151']);
    const zero = await signIn(auth, { credential: counting.credential, counter: 0 });
    expect([zero.http, zero.code]).toEqual([401, 'E401151']);
    expect((await storedPasskey(counting.credential.id))?.counter).toBe(8);
  });

  it('refuses a user handle that is not the owner’s, a missing one, and a bad signature', async () => {
    const acct = await withPasskey();
    const other = await withPasskey();
    const foreign = await signIn(acct.auth, { userHandle: other.credential.userHandle });
    expect([foreign.http, foreign.code]).toEqual([401, 'E401150']);
    const none = await signIn(acct.auth, { userHandle: null });
    expect([none.http, none.code]).toEqual([401, 'E401150']);
    // A key the server does not know signing for a known credential id.
    const impostor = new SoftAuthenticator(ORIGIN);
    const { credential } = await impostor.create({
      challenge: 'AAAA',
      rp: { id: 'localhost' },
      user: { id: acct.credential.userHandle },
    });
    const forged = await signIn(impostor, { credential: { ...credential, id: acct.credential.id } });
    expect([forged.http, forged.code]).toEqual([401, 'E401150']);
  });

  it('a removed passkey, and the passkeys of deleted and merged-away accounts, sign in to nobody', async () => {
    const removed = await withPasskey();
    expect((await passkeyCall(removed.cookie, 'Remove', { id: removed.credential.id, password: PASSWORD })).http).toBe(
      200,
    );
    const r1 = await signIn(removed.auth);
    expect([r1.http, r1.code]).toEqual([401, 'E401150']);

    const deleted = await withPasskey();
    expect((await settingsCall(deleted.cookie, 'Account/Delete', { reason: 4, password: PASSWORD })).http).toBe(200);
    const r2 = await signIn(deleted.auth);
    expect([r2.http, r2.code]).toEqual([401, 'E401150']);
    expect(await storedPasskey(deleted.credential.id)).toBeNull();

    // Merge: the merged-away account's passkey neither signs in to it nor to the survivor.
    const survivor = await signedIn();
    const merged = await withPasskey();
    const proven = await settingsCall(survivor.cookie, 'Merge/Prove', { email: merged.email, password: PASSWORD });
    const confirm = await settingsCall(survivor.cookie, 'Merge/Confirm', {
      merge_id: proven.json['merge_id'],
      password: PASSWORD,
    });
    expect(confirm.http).toBe(200);
    const r3 = await signIn(merged.auth);
    expect([r3.http, r3.code, r3.session]).toEqual([401, 'E401150', '']);
    expect(await storedPasskey(merged.credential.id)).toBeNull();
    expect((await passkeyCall(survivor.cookie, 'List')).json['passkeys']).toEqual([]);
  });

  it('malformed answers are 400, never 500; an oversized body is 413', async () => {
    const acct = await withPasskey();
    const options = await signInOptions();
    const good = await acct.auth.get(options);
    const cases: unknown[] = [
      {},
      { response: null },
      { response: { ...good, response: { ...good.response, signature: '' } } },
      { response: { ...good, response: { ...good.response, authenticatorData: '***' } } },
      { response: { ...good, response: { ...good.response, clientDataJSON: 'e30' } } },
    ];
    for (const body of cases) {
      const r = await accountCall('LoginPasskey', body);
      expect(r.http).toBe(400);
      expect(['E400100', 'E400150']).toContain(r.code);
    }
    const notJson = await accountCall('LoginPasskey', '{"response":');
    expect(notJson.http).toBe(400);
    const huge = await accountCall('LoginPasskey', { pad: 'x'.repeat(300_000) });
    expect(huge.http).toBe(413);
    // A short authenticator data for a live challenge: unreadable.
    const short = await accountCall('LoginPasskey', {
      response: { ...good, response: { ...good.response, authenticatorData: 'AAAA' } },
    });
    expect([short.http, short.code]).toEqual([400, 'E400150']);
  });

  it('is not stopped by the address’s password lockout (a passkey is no guess at the password)', async () => {
    const acct = await withPasskey();
    for (let i = 0; i < 5; i += 1) await passwordStep(acct.email, 'Wrong#Guess99');
    const locked = await passwordStep(acct.email);
    expect(locked.http).toBe(423);
    const r = await signIn(acct.auth);
    expect(r.http).toBe(200);
    expect(await userInfo(r.session)).toBe(200);
    // The lock stays for the password.
    expect((await passwordStep(acct.email)).http).toBe(423);
  });

  it('throttles the anonymous options per client address (E429100)', async () => {
    const ip = '203.0.113.77';
    const codes = [];
    for (let i = 0; i < 32; i += 1) codes.push((await accountCall('LoginPasskey/Options', {}, '', ip)).http);
    expect(codes.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // Another address is not affected.
    expect((await accountCall('LoginPasskey/Options')).http).toBe(200);
  });
});

describe('a passkey as the second step after the password', () => {
  it('Login names the methods; passkeys alone never turn the second step on', async () => {
    const plain = await withPasskey();
    const noStep = await passwordStep(plain.email);
    expect(noStep.json['second_step']).toBeUndefined();
    expect(noStep.json['second_step_methods']).toBeUndefined();
    expect(noStep.session).not.toBe('');

    const codesOnly = await withAppCodes();
    expect((await passwordStep(codesOnly.email)).json['second_step_methods']).toEqual(['app_code']);
    await registerPasskey(codesOnly.cookie);
    const both = await passwordStep(codesOnly.email);
    expect(both.json).toMatchObject({ second_step: 'totp', second_step_methods: ['app_code', 'passkey'] });
    expect(both.session).toBe('');
  });

  it('completes the pending sign-in with one of that account’s passkeys', async () => {
    const acct = await withAppCodes();
    const { auth, credential } = await registerPasskey(acct.cookie);
    const step = await passwordStep(acct.email);
    const noCookie = await accountCall('LoginSecondStep/Passkey/Options');
    expect([noCookie.http, noCookie.code]).toEqual([401, 'E401141']);
    const options = await accountCall('LoginSecondStep/Passkey/Options', {}, step.pending);
    expect(options.http).toBe(200);
    const opts = options.json['options'] as { allowCredentials: { id: string }[] };
    expect(opts.allowCredentials.map((c) => c.id)).toEqual([credential.id]);
    const r = await accountCall('LoginSecondStep/Passkey', { response: await auth.get(opts as never) }, step.pending);
    expect(r.http).toBe(200);
    expect(r.json).toMatchObject({ account_id: acct.id, user_type: 2 });
    expect(await userInfo(r.session)).toBe(200);
    // The pending sign-in is closed: a second completion is refused.
    const again = await accountCall('LoginSecondStep/Passkey/Options', {}, step.pending);
    expect([again.http, again.code]).toEqual([401, 'E401141']);
  });

  it('another account’s passkey at the second step counts toward the lockout; a right one is refused while locked', async () => {
    const victim = await withAppCodes();
    const mine = await registerPasskey(victim.cookie);
    const attacker = await withPasskey();
    const step = await passwordStep(victim.email);
    for (let i = 4; i >= 1; i -= 1) {
      const opts = (await accountCall('LoginSecondStep/Passkey/Options', {}, step.pending)).json['options'];
      const r = await accountCall(
        'LoginSecondStep/Passkey',
        { response: await attacker.auth.get(opts as never, { credential: attacker.credential }) },
        step.pending,
      );
      expect([r.http, r.code, r.session]).toEqual([401, 'E401152', '']);
      expect(r.message).toContain(String(i));
    }
    expect((await attempts(victim.email))?.failures).toBe(4);
    const last = (await accountCall('LoginSecondStep/Passkey/Options', {}, step.pending)).json['options'];
    const locked = await accountCall(
      'LoginSecondStep/Passkey',
      { response: await mine.auth.get(last as never, { uv: false }) },
      step.pending,
    );
    expect([locked.http, locked.code]).toEqual([423, 'E423100']);
    const opts = (await accountCall('LoginSecondStep/Passkey/Options', {}, step.pending)).json['options'];
    const right = await accountCall(
      'LoginSecondStep/Passkey',
      { response: await mine.auth.get(opts as never) },
      step.pending,
    );
    expect([right.http, right.code, right.session]).toEqual([423, 'E423100', '']);
  });

  it('a challenge of another pending sign-in, or of a passkey-alone sign-in, is not this one’s', async () => {
    const acct = await withAppCodes();
    const { auth } = await registerPasskey(acct.cookie);
    const one = await passwordStep(acct.email);
    const two = await passwordStep(acct.email);
    const opts = (await accountCall('LoginSecondStep/Passkey/Options', {}, one.pending)).json['options'];
    const cross = await accountCall(
      'LoginSecondStep/Passkey',
      { response: await auth.get(opts as never) },
      two.pending,
    );
    expect([cross.http, cross.code]).toEqual([400, 'E400153']);
    const alone = await signInOptions();
    const r = await accountCall('LoginSecondStep/Passkey', { response: await auth.get(alone as never) }, one.pending);
    expect([r.http, r.code]).toEqual([400, 'E400153']);
    // Stale requests are no guesses: nothing counted.
    expect((await attempts(acct.email))?.failures ?? 0).toBe(0);
  });

  it('50 parallel second steps with one challenge: exactly one session', async () => {
    const acct = await withAppCodes();
    const { auth } = await registerPasskey(acct.cookie);
    const step = await passwordStep(acct.email);
    const opts = (await accountCall('LoginSecondStep/Passkey/Options', {}, step.pending)).json['options'];
    const answers = [];
    for (let i = 0; i < 50; i += 1) answers.push(await auth.get(opts as never));
    const results = await Promise.all(
      answers.map((a) => accountCall('LoginSecondStep/Passkey', { response: a }, step.pending)),
    );
    expect(results.filter((r) => r.http === 200)).toHaveLength(1);
    expect(results.filter((r) => r.session !== '')).toHaveLength(1);
    for (const r of results.filter((x) => x.http !== 200)) expect(['E400154', 'E401141']).toContain(r.code);
  });
});

describe('a passkey as the fresh check that turns app codes off', () => {
  it('AppCodes/Off takes a reauth assertion of this account’s passkey instead of the password', async () => {
    const acct = await withAppCodes();
    const { auth } = await registerPasskey(acct.cookie);
    const other = await withPasskey();
    const none = await settingsCall(acct.cookie, 'TwoStep/AppCodes/Off', {});
    expect([none.http, none.code]).toEqual([400, 'E400100']);
    // Another account's passkey answering this account's challenge: refused.
    const o1 = (await passkeyCall(acct.cookie, 'Reauth/Options')).json['options'];
    const foreign = await settingsCall(acct.cookie, 'TwoStep/AppCodes/Off', {
      passkey_response: await other.auth.get(o1 as never, { credential: other.credential }),
    });
    expect([foreign.http, foreign.code]).toEqual([401, 'E401150']);
    // A sign-in challenge is not a re-auth one.
    const alone = await signInOptions();
    const wrongPurpose = await settingsCall(acct.cookie, 'TwoStep/AppCodes/Off', {
      passkey_response: await auth.get(alone as never),
    });
    expect([wrongPurpose.http, wrongPurpose.code]).toEqual([400, 'E400153']);
    expect((await settingsCall(acct.cookie, 'TwoStep/Status')).json['app_codes']).toBe(true);
    const o2 = (await passkeyCall(acct.cookie, 'Reauth/Options')).json['options'];
    const off = await settingsCall(acct.cookie, 'TwoStep/AppCodes/Off', {
      passkey_response: await auth.get(o2 as never),
    });
    expect(off.http).toBe(200);
    expect((await settingsCall(acct.cookie, 'TwoStep/Status')).json['app_codes']).toBe(false);
  });

  it('Reauth/Options without a passkey: E404150', async () => {
    const acct = await signedIn();
    const r = await passkeyCall(acct.cookie, 'Reauth/Options');
    expect([r.http, r.code]).toEqual([404, 'E404150']);
  });
});

describe('challenge clean-up', () => {
  it('the nightly purge deletes expired challenges and keeps live ones', async () => {
    const live = await signInOptions();
    const dead = await signInOptions();
    await env.DB.prepare('UPDATE webauthn_challenges SET expires_at = ? WHERE challenge_hash = ?')
      .bind(Date.now() - 1, await sha256Hex(dead.challenge))
      .run();
    const { purgeExpired } = await import('../../src/server/jobs/scheduled');
    await purgeExpired(env);
    const left = async (c: string) =>
      env.DB.prepare('SELECT 1 AS x FROM webauthn_challenges WHERE challenge_hash = ?')
        .bind(await sha256Hex(c))
        .first();
    expect(await left(live.challenge)).not.toBeNull();
    expect(await left(dead.challenge)).toBeNull();
  });
});
