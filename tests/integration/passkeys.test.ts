import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { utcDay } from '../../src/lib/dates';
import { sha256Hex } from '../../src/server/auth/tokens';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { createAccount, createSession } from './helpers';
import { ORIGIN, passkeyCall, registerOptions, registerPasskey, RP_ID, storedPasskey } from './passkey-helpers';
import { PASSWORD, signedIn } from './settings-helpers';

describe('passkeys: registration (issue 22, Deliver 1)', () => {
  it('asks for the password, offers a discoverable credential with UV, and stores the passkey', async () => {
    const acct = await signedIn();
    const wrong = await passkeyCall(acct.cookie, 'Register/Options', { password: 'Not#theRight1' });
    expect([wrong.http, wrong.code]).toEqual([400, 'E400105']);
    const options = await registerOptions(acct.cookie);
    expect(options).toMatchObject({
      rp: { id: RP_ID, name: 'Lanyard' },
      user: { name: acct.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
      timeout: 300_000,
    });
    expect((options['pubKeyCredParams'] as { alg: number }[]).map((p) => p.alg)).toEqual([-8, -7, -257]);
    // The user handle is random: neither the account id nor the address.
    const handle = options.user.id;
    expect(handle).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(handle).not.toContain(acct.id);
    const stored = await env.DB.prepare('SELECT handle FROM webauthn_users WHERE account_id = ?')
      .bind(acct.id)
      .first<string>('handle');
    expect(stored).toBe(handle);
    // Only the challenge's digest is kept.
    const row = await env.DB.prepare(
      'SELECT purpose, account_id, used FROM webauthn_challenges WHERE challenge_hash = ?',
    )
      .bind(await sha256Hex(options.challenge))
      .first();
    expect(row).toEqual({ purpose: 'register', account_id: acct.id, used: 0 });

    const auth = new SoftAuthenticator(ORIGIN);
    const made = await auth.create(options);
    const ok = await passkeyCall(acct.cookie, 'Register/Verify', { response: made.response, name: 'Laptop' });
    expect(ok.http).toBe(200);
    expect(ok.json['passkey']).toMatchObject({
      id: made.credential.id,
      name: 'Laptop',
      last_used_at: null,
      backed_up: false,
    });
    expect((await storedPasskey(made.credential.id))?.account_id).toBe(acct.id);

    // The second registration excludes the first passkey and keeps the same handle.
    const next = await registerOptions(acct.cookie);
    expect(next.user.id).toBe(handle);
    expect((next['excludeCredentials'] as { id: string }[]).map((c) => c.id)).toEqual([made.credential.id]);
  });

  it('names a passkey "Passkey" and the day when no name is given, lists, renames and removes it', async () => {
    const acct = await signedIn();
    // Issue 35: the day as the page's language writes it (here English), no longer ISO 8601.
    const days = [utcDay('en').format(Date.now())];
    const { passkey } = await registerPasskey(acct.cookie);
    days.push(utcDay('en').format(Date.now()));
    expect(days.map((d) => `Passkey ${d}`)).toContain(passkey['name']);
    const id = String(passkey['id']);
    const list = await passkeyCall(acct.cookie, 'List');
    expect(list.json['passkeys']).toEqual([
      { id, name: passkey['name'], created_at: passkey['created_at'], last_used_at: null, backed_up: false },
    ]);
    expect((await passkeyCall(acct.cookie, 'Rename', { id, name: '  Phone  ' })).http).toBe(200);
    expect((await storedPasskey(id))?.name).toBe('Phone');
    for (const name of ['', 'x'.repeat(65), 'bad\u0007name']) {
      const r = await passkeyCall(acct.cookie, 'Rename', { id, name });
      expect([r.http, r.code]).toEqual([400, 'E400100']);
    }
    expect((await passkeyCall(acct.cookie, 'Rename', { id, name: 'x'.repeat(64) })).http).toBe(200);
    const noPassword = await passkeyCall(acct.cookie, 'Remove', { id });
    expect([noPassword.http, noPassword.code]).toEqual([400, 'E400100']);
    const wrong = await passkeyCall(acct.cookie, 'Remove', { id, password: 'Not#theRight1' });
    expect([wrong.http, wrong.code]).toEqual([400, 'E400105']);
    // The last passkey may go.
    expect((await passkeyCall(acct.cookie, 'Remove', { id, password: PASSWORD })).http).toBe(200);
    expect(await storedPasskey(id)).toBeNull();
    const again = await passkeyCall(acct.cookie, 'Remove', { id, password: PASSWORD });
    expect([again.http, again.code]).toEqual([404, 'E404150']);
  });

  it('names an unnamed passkey in the language and calendar of the page that adds it (issue 35)', async () => {
    const acct = await signedIn();
    const thai = `${acct.cookie}; language=th`;
    const before = Date.now();
    const { passkey } = await registerPasskey(thai);
    const names = [before, Date.now()].map((ms) => `พาสคีย์ ${utcDay('th').format(ms)}`);
    expect(names).toContain(passkey['name']);
    // The Buddhist era, as Thai pages write dates (2026 is 2569).
    expect(String(passkey['name'])).toContain(String(new Date(before).getUTCFullYear() + 543));
    expect(String(passkey['name'])).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const japanese = await registerPasskey(`${acct.cookie}; language=ja`);
    expect([before, Date.now()].map((ms) => `パスキー ${utcDay('ja').format(ms)}`)).toContain(japanese.passkey['name']);
  });

  it("shows the authenticator the account's name in its language's order (issue 35)", async () => {
    const acct = await signedIn();
    expect((await registerOptions(acct.cookie)).user).toMatchObject({ displayName: 'Hanako Yamada' });
    await env.DB.prepare("UPDATE accounts SET language = 'ja' WHERE id = ?").bind(acct.id).run();
    expect((await registerOptions(acct.cookie)).user).toMatchObject({ displayName: 'Yamada Hanako' });
  });

  it("answers another account's passkey id exactly as an unknown one", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const { passkey } = await registerPasskey(owner.cookie);
    const id = String(passkey['id']);
    const rename = await passkeyCall(other.cookie, 'Rename', { id, name: 'Mine now' });
    const unknown = await passkeyCall(other.cookie, 'Rename', { id: 'AAAAAAAAAAAAAAAAAAAAAA', name: 'Mine now' });
    expect([rename.http, rename.code, rename.message]).toEqual([unknown.http, unknown.code, unknown.message]);
    expect(rename.code).toBe('E404150');
    const remove = await passkeyCall(other.cookie, 'Remove', { id, password: PASSWORD });
    expect([remove.http, remove.code]).toEqual([404, 'E404150']);
    expect(await storedPasskey(id)).toMatchObject({ account_id: owner.id, name: passkey['name'] });
    expect((await passkeyCall(other.cookie, 'List')).json['passkeys']).toEqual([]);
  });

  it('refuses portal users (type 1): the portal signs them in', async () => {
    const acct = await createAccount();
    await env.DB.prepare('UPDATE accounts SET user_type = 1 WHERE id = ?').bind(acct.id).run();
    const token = await createSession(acct.id);
    await env.DB.prepare('UPDATE sessions SET user_type = 1 WHERE token_hash = ?')
      .bind(await sha256Hex(token))
      .run();
    const r = await passkeyCall(`accessToken=${token}`, 'Register/Options', { password: 'whatever#1A' });
    expect([r.http, r.code]).toEqual([403, 'E403150']);
  });

  it('needs a session for every settings call', async () => {
    for (const path of ['List', 'Register/Options', 'Register/Verify', 'Rename', 'Remove', 'Reauth/Options']) {
      const r = await passkeyCall('', path, {});
      expect([path, r.http, r.code]).toEqual([path, 401, 'E401100']);
    }
  });
});

describe('passkeys: what registration refuses (WA-01)', () => {
  /** Options, then a bent answer to them: the code the server gives. */
  async function bentRegistration(bend: Parameters<SoftAuthenticator['create']>[1]) {
    const acct = await signedIn();
    const options = await registerOptions(acct.cookie);
    const made = await new SoftAuthenticator(ORIGIN).create(options, bend);
    const r = await passkeyCall(acct.cookie, 'Register/Verify', { response: made.response });
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM passkeys WHERE account_id = ?')
      .bind(acct.id)
      .first('n');
    return { http: r.http, code: r.code, message: r.message, rows };
  }

  it('another origin, another RP id, no user verification, the wrong ceremony: each its own code, nothing stored', async () => {
    expect(await bentRegistration({ origin: 'https://evil.example' })).toMatchObject({
      http: 400,
      code: 'E400151',
      rows: 0,
    });
    expect(await bentRegistration({ origin: 'http://127.0.0.1:8787' })).toMatchObject({ code: 'E400151', rows: 0 });
    expect(await bentRegistration({ rpId: 'evil.example' })).toMatchObject({ http: 400, code: 'E400152', rows: 0 });
    const noUv = await bentRegistration({ uv: false });
    expect(noUv).toMatchObject({ http: 400, code: 'E400156', rows: 0 });
    expect(noUv.message).toMatch(/fingerprint/);
    expect(await bentRegistration({ type: 'webauthn.get' })).toMatchObject({ http: 400, code: 'E400150', rows: 0 });
  });

  it('a replayed, expired, unknown or foreign challenge is refused', async () => {
    const acct = await signedIn();
    const options = await registerOptions(acct.cookie);
    const auth = new SoftAuthenticator(ORIGIN);
    const first = await auth.create(options);
    expect((await passkeyCall(acct.cookie, 'Register/Verify', { response: first.response })).http).toBe(200);
    // The same challenge again, even with another new credential: used.
    const replay = await auth.create(options);
    const r1 = await passkeyCall(acct.cookie, 'Register/Verify', { response: replay.response });
    expect([r1.http, r1.code]).toEqual([400, 'E400154']);
    // A challenge nobody issued.
    const made = await auth.create({ ...options, challenge: 'Y2hhbGxlbmdlLW5vYm9keS1pc3N1ZWQtdGhpcy1vbmU' });
    const r2 = await passkeyCall(acct.cookie, 'Register/Verify', { response: made.response });
    expect([r2.http, r2.code]).toEqual([400, 'E400153']);
    // Expired: past its five minutes.
    const late = await registerOptions(acct.cookie);
    await env.DB.prepare('UPDATE webauthn_challenges SET expires_at = ? WHERE challenge_hash = ?')
      .bind(Date.now() - 1, await sha256Hex(late.challenge))
      .run();
    const r3 = await passkeyCall(acct.cookie, 'Register/Verify', { response: (await auth.create(late)).response });
    expect([r3.http, r3.code]).toEqual([400, 'E400155']);
    // Another account's registration challenge cannot register a passkey here.
    const other = await signedIn();
    const theirs = await registerOptions(other.cookie);
    const r4 = await passkeyCall(acct.cookie, 'Register/Verify', { response: (await auth.create(theirs)).response });
    expect([r4.http, r4.code]).toEqual([400, 'E400153']);
    expect((await passkeyCall(acct.cookie, 'List')).json['passkeys']).toHaveLength(1);
  });

  it('the same credential twice: E409151', async () => {
    const acct = await signedIn();
    const options = await registerOptions(acct.cookie);
    const made = await new SoftAuthenticator(ORIGIN).create(options);
    expect((await passkeyCall(acct.cookie, 'Register/Verify', { response: made.response })).http).toBe(200);
    // A second challenge, answered with the first answer's credential re-signed for it.
    const again = await registerOptions(acct.cookie);
    const clientData = JSON.parse(atob(made.response.response.clientDataJSON.replace(/-/g, '+').replace(/_/g, '/')));
    const resent = {
      ...made.response,
      response: {
        ...made.response.response,
        clientDataJSON: btoa(JSON.stringify({ ...clientData, challenge: again.challenge }))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, ''),
      },
    };
    const r = await passkeyCall(acct.cookie, 'Register/Verify', { response: resent });
    expect([r.http, r.code]).toEqual([409, 'E409151']);
  });

  it('malformed and oversized answers: clear 4xx codes, never 500', async () => {
    const acct = await signedIn();
    const options = await registerOptions(acct.cookie);
    const made = await new SoftAuthenticator(ORIGIN).create(options);
    const cases: unknown[] = [
      {},
      { response: 'nope' },
      { response: { ...made.response, type: 'password' } },
      { response: { ...made.response, response: { ...made.response.response, attestationObject: '!!!' } } },
      { response: { ...made.response, response: { ...made.response.response, clientDataJSON: 'bm90IGpzb24' } } },
      { response: { ...made.response, response: { ...made.response.response, attestationObject: 'AAAA' } } },
      { response: { ...made.response, id: 'x'.repeat(2000) } },
    ];
    for (const body of cases) {
      const r = await passkeyCall(acct.cookie, 'Register/Verify', body as object);
      expect(r.http).toBe(400);
      expect(['E400100', 'E400150']).toContain(r.code);
    }
    // An attestation object that is not CBOR, for a live challenge: read as unreadable.
    const fresh = await registerOptions(acct.cookie);
    const bad = await new SoftAuthenticator(ORIGIN).create(fresh);
    const r = await passkeyCall(acct.cookie, 'Register/Verify', {
      response: { ...bad.response, response: { ...bad.response.response, attestationObject: 'AAAA' } },
    });
    expect([r.http, r.code]).toEqual([400, 'E400150']);
    // Past the router's body cap (256 KiB): refused before anything is parsed.
    const huge = await passkeyCall(acct.cookie, 'Register/Verify', { pad: 'x'.repeat(300_000) });
    expect(huge.http).toBe(413);
  });
});

describe('passkeys: limits and races', () => {
  it('50 parallel answers with one challenge store exactly one passkey', async () => {
    const acct = await signedIn();
    const options = await registerOptions(acct.cookie);
    const auth = new SoftAuthenticator(ORIGIN);
    const answers = await Promise.all(Array.from({ length: 50 }, () => auth.create(options)));
    const results = await Promise.all(
      answers.map((a) => passkeyCall(acct.cookie, 'Register/Verify', { response: a.response })),
    );
    expect(results.filter((r) => r.http === 200)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.http !== 200).map((r) => r.code))).toEqual(new Set(['E400154']));
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM passkeys WHERE account_id = ?').bind(acct.id).first('n');
    expect(n).toBe(1);
  });

  it('stops at 20 passkeys per account, also when the last ones are added in parallel', async () => {
    const acct = await signedIn();
    const auth = new SoftAuthenticator(ORIGIN);
    for (let i = 0; i < 15; i += 1) await registerPasskey(acct.cookie, auth);
    // Ten options while there is room for five: of the ten answers, five are stored.
    const options = [];
    for (let i = 0; i < 10; i += 1) options.push(await registerOptions(acct.cookie));
    const made = await Promise.all(options.map((o) => auth.create(o)));
    const results = await Promise.all(
      made.map((m) => passkeyCall(acct.cookie, 'Register/Verify', { response: m.response })),
    );
    expect(results.filter((r) => r.http === 200)).toHaveLength(5);
    expect(results.filter((r) => r.code === 'E409150')).toHaveLength(5);
    const full = await passkeyCall(acct.cookie, 'Register/Options', { password: PASSWORD });
    expect([full.http, full.code]).toEqual([409, 'E409150']);
    expect((await passkeyCall(acct.cookie, 'List')).json['passkeys']).toHaveLength(20);
  });
});
