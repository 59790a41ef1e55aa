import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/accounts/password-hash';
import { BASE, SAME_ORIGIN, unique } from './helpers';
import { waitFor } from './issuing-helpers';
import { PASSWORD, login, settingsCall, signedIn } from './settings-helpers';

const account = async (name: string, body: object, lang = 'en') => {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/account/Wallet/${name}?language=${lang}`, {
    method: 'POST',
    headers: SAME_ORIGIN,
    body: JSON.stringify(body),
  });
  return {
    http: res.status,
    json: (await res.json()) as { errors?: { code: string; field?: string; message: string }[] },
  };
};
const registration = (email: string, over: object = {}) => ({
  email,
  first_name: 'Taro',
  last_name: 'Yamada',
  password: PASSWORD,
  confirm_password: PASSWORD,
  agree_term_of_service: true,
  ...over,
});
/** The field errors of a 400 E400100, as field: message. */
const fields = (r: { json: { errors?: { code: string; field?: string; message: string }[] } }) =>
  Object.fromEntries((r.json.errors ?? []).filter((e) => e.field).map((e) => [e.field, e.message]));

/** Characters a name or password must not carry: C0, DEL, C1, and unpaired halves of a surrogate pair. */
const BAD = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b', '\ud800', '\udfff'];

describe('control characters in names and passwords (DATA-20)', () => {
  it('registration refuses them in each name and in the password, with a translated message', async () => {
    for (const c of BAD) {
      const r = await account(
        'CreateAccount',
        registration(`${unique('ctl')}@example.test`, {
          first_name: `Ta${c}ro`,
          last_name: `${c}Yamada`,
          password: `Sakura#${c}2024`,
          confirm_password: `Sakura#${c}2024`,
        }),
      );
      expect(r.http, JSON.stringify(c)).toBe(400);
      expect(Object.keys(fields(r)).sort()).toEqual(['confirm_password', 'first_name', 'last_name', 'password']);
      expect(fields(r)['first_name']).toMatch(/control characters/);
    }
    const ja = await account(
      'CreateAccount',
      registration(`${unique('ctl')}@example.test`, { first_name: 'A\u0000' }),
      'ja',
    );
    expect(fields(ja)['first_name']).toMatch(/制御文字/);
    // Letters of every script, combining marks and emoji (a valid surrogate pair) are names.
    const fine = await account(
      'CreateAccount',
      registration(`${unique('fine')}@example.test`, { first_name: 'Zoë 山田 \u0928\u093f 😀', last_name: 'Nguyễn' }),
    );
    expect(fine.http).toBe(200);
  });

  it('profile names, a new password, a reset password and a login password refuse them', async () => {
    const me = await signedIn();
    for (const c of BAD) {
      const profile = await settingsCall(me.cookie, 'Profile/Set', { first_name: `Hana${c}ko`, last_name: 'Yamada' });
      expect([profile.http, profile.json['errors']]).toMatchObject([400, [{}, { field: 'first_name' }]]);
      const change = await settingsCall(me.cookie, 'Password/Change', {
        current_password: PASSWORD,
        password: `New#pass${c}42`,
        confirm_password: `New#pass${c}42`,
      });
      expect(change.http).toBe(400);
      expect(fields(change)['password']).toMatch(/control characters/);
      const reset = await account('ResetPassword', {
        token: 'x'.repeat(43),
        password: `New#pass${c}42`,
        confirm_password: `New#pass${c}42`,
      });
      expect(fields(reset)['password']).toMatch(/control characters/);
      expect(fields(await account('Login', { email: me.email, password: `${PASSWORD}${c}` }))['password']).toMatch(
        /control characters/,
      );
    }
    // Nothing was changed by the refused calls.
    expect((await login(me.email)).http).toBe(200);
  });
});

describe('internationalised email domains (DATA-20, ACC-02: IDN to punycode)', () => {
  const ascii = (local: string) => `${local}@xn--bcher-kva.example`;
  const unicode = (local: string) => `${local}@bücher.example`;

  it('registers with a Unicode domain, stored as punycode', async () => {
    const local = unique('idn');
    expect((await account('CreateAccount', registration(unicode(local)))).http).toBe(200);
    const stored = await env.DB.prepare('SELECT email FROM registrations WHERE email LIKE ?')
      .bind(`${local}@%`)
      .first<string>('email');
    expect(stored).toBe(ascii(local));
  });

  it('an account with a punycode address signs in and asks for a reset with either form', async () => {
    const me = await signedIn();
    const local = unique('idn');
    await env.DB.batch([
      env.DB.prepare('UPDATE account_emails SET email = ?, email_normalized = ? WHERE account_id = ?').bind(
        ascii(local),
        ascii(local),
        me.id,
      ),
      env.DB.prepare('UPDATE accounts SET password_hash = ? WHERE id = ?').bind(
        await hashPassword(env, PASSWORD),
        me.id,
      ),
    ]);
    expect((await login(ascii(local))).http).toBe(200);
    expect((await login(unicode(local))).http).toBe(200);
    expect((await account('ForgotPassword', { email: unicode(local) })).http).toBe(200);
    expect((await account('ForgotPassword', { email: ascii(local) })).http).toBe(200);
    // The link is mailed by a queued job (RST-01): wait for both mails, to the punycode address.
    const links = await waitFor(async () => {
      const n = await env.DB.prepare(
        "SELECT COUNT(*) AS n FROM outbox WHERE kind = 'mail' AND json_extract(payload, '$.to') = ?",
      )
        .bind(ascii(local))
        .first<number>('n');
      return n === 2 ? n : null;
    });
    expect(links).toBe(2);
  });

  it('adds a Unicode-domain address as punycode; the same address in either form is a duplicate', async () => {
    const me = await signedIn();
    const local = unique('idn');
    expect((await settingsCall(me.cookie, 'Email/Add', { email: unicode(local), password: PASSWORD })).http).toBe(200);
    const row = await env.DB.prepare(
      'SELECT email, email_normalized FROM account_emails WHERE account_id = ? AND is_primary = 0',
    )
      .bind(me.id)
      .first<{ email: string; email_normalized: string }>();
    expect(row).toEqual({ email: ascii(local), email_normalized: ascii(local) });
    expect((await settingsCall(me.cookie, 'Email/Add', { email: ascii(local), password: PASSWORD })).code).toBe(
      'E409107',
    );
    // A domain that is not a host name stays refused.
    const bad = await settingsCall(me.cookie, 'Email/Add', { email: `${local}@bücher.example/x`, password: PASSWORD });
    expect(bad.http).toBe(400);
  });
});
