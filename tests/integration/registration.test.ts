import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { resetLinkProblem } from '../../src/server/accounts/password-reset';
import { activationProblem, tombstoneKey } from '../../src/server/accounts/registration';
import { sha256Hex } from '../../src/server/auth/tokens';
import { BASE, createAccount, SAME_ORIGIN, unique } from './helpers';
import { waitFor } from './issuing-helpers';

const call = (name: string, body: unknown, headers: Record<string, string> = {}) =>
  exports.default.fetch(`${BASE}/api/v1.0/account/Wallet/${name}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, ...headers },
    body: JSON.stringify(body),
  });
const PASSWORD = 'Sakura#2024';
const registration = (email: string, over: Record<string, unknown> = {}) => ({
  email,
  first_name: 'Taro',
  last_name: 'Yamada',
  password: PASSWORD,
  confirm_password: PASSWORD,
  agree_term_of_service: true,
  ...over,
});
const mailTo = (to: string, like = '%') =>
  waitFor(() =>
    env.DB.prepare(
      'SELECT subject, text_body AS text FROM dev_mailbox WHERE to_address = ? AND subject LIKE ? ORDER BY created_at DESC',
    )
      .bind(to, like)
      .first<{ subject: string; text: string }>(),
  );
const linkToken = (text: string, path: string) => new RegExp(`${path}/([A-Za-z0-9_-]{43})`).exec(text)?.[1] ?? '';

describe('registration and activation', () => {
  it('registers, mails an activation link in the chosen language, activates once, and then logs in', async () => {
    const email = `${unique('new')}@example.test`;
    expect((await call('CreateAccount?language=ja', registration(email))).status).toBe(200);
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Lanyardの登録を完了してください');
    const token = linkToken(mail.text, 'http://127.0.0.1:8787/ns/portal/openbadge/activation');
    expect(token).not.toBe('');
    expect((await call('ActivateAccount', { token })).status).toBe(200);
    const again = await call('ActivateAccount', { token });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ errors: [{ code: 'E409101' }] });
    expect((await call('Login', { email, password: PASSWORD })).status).toBe(200);
    const lang = await env.DB.prepare(
      'SELECT a.language FROM accounts a JOIN account_emails e ON e.account_id = a.id WHERE e.email = ?',
    )
      .bind(email)
      .first<string>('language');
    expect(lang).toBe('ja');
  });

  it('attaches badges awarded to the address before the account existed', async () => {
    const { newIssuer, newBadgeClass, awardTo } = await import('./issuing-helpers');
    const { apiKey } = await newIssuer();
    const email = `${unique('early')}@example.test`;
    const { ids } = await awardTo(apiKey, await newBadgeClass(apiKey), [email]);
    await call('CreateAccount', registration(email));
    await call('ActivateAccount', { token: linkToken((await mailTo(email, '%registration%')).text, '/activation') });
    const owner = await env.DB.prepare('SELECT account_id FROM assertions WHERE id = ?')
      .bind(ids[0])
      .first<string>('account_id');
    expect(owner).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('answers the same for an address that has an account, and mails its owner instead (AUTH-07)', async () => {
    const existing = await createAccount();
    const fresh = `${unique('fresh')}@example.test`;
    const [a, b] = await Promise.all([
      call('CreateAccount', registration(existing.email)),
      call('CreateAccount', registration(fresh)),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.json()).toEqual(await b.json());
    expect((await mailTo(existing.email)).subject).toBe('You already have a Lanyard account');
  });

  it("a deleted account's address cannot register again (tombstone), with no hint on screen", async () => {
    const email = `${unique('gone')}@example.test`;
    await env.DB.prepare('INSERT INTO email_tombstones (email_hash, deleted_at) VALUES (?, ?)')
      .bind(await tombstoneKey(email), Date.now())
      .run();
    expect((await call('CreateAccount', registration(email))).status).toBe(200);
    const reg = await env.DB.prepare('SELECT COUNT(*) AS n FROM registrations WHERE email_normalized = ?')
      .bind(email)
      .first<number>('n');
    expect(reg).toBe(0);
  });

  it('reports each password rule as a translated field error, and requires agreeing to the terms', async () => {
    const email = `${unique('weak')}@example.test`;
    const weak = await call(
      'CreateAccount?language=ko',
      registration(email, { password: 'abcdefgh', confirm_password: 'abcdefgx' }),
    );
    const body = (await weak.json()) as { errors: { field?: string; resource_key: string; message: string }[] };
    expect(weak.status).toBe(400);
    expect(body.errors.slice(1).map((e) => e.resource_key)).toEqual([
      'validation.password_classes',
      'validation.password_mismatch',
    ]);
    expect(body.errors[2]?.message).toBe('비밀번호가 일치하지 않습니다.');
    const noTerms = await call('CreateAccount', registration(email, { agree_term_of_service: false }));
    expect(noTerms.status).toBe(400);
  });

  it('expired and unknown activation links have their own errors', async () => {
    const email = `${unique('late')}@example.test`;
    await call('CreateAccount', registration(email));
    const token = linkToken((await mailTo(email)).text, '/activation');
    await env.DB.prepare('UPDATE registrations SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1, await sha256Hex(token))
      .run();
    expect(await (await call('ActivateAccount', { token })).json()).toMatchObject({ errors: [{ code: 'E410100' }] });
    expect(await (await call('ActivateAccount', { token: 'x'.repeat(43) })).json()).toMatchObject({
      errors: [{ code: 'E404103' }],
    });
  });

  it('issue 35, item 5: opening an activation link tells what its button would answer, and activates nothing', async () => {
    const email = `${unique('peek')}@example.test`;
    await call('CreateAccount', registration(email));
    const token = linkToken((await mailTo(email)).text, '/activation');
    expect(await activationProblem(env, token)).toBeNull();
    expect(await activationProblem(env, token)).toBeNull();
    expect((await call('Login', { email, password: PASSWORD })).status).not.toBe(200);
    expect(await activationProblem(env, 'x'.repeat(43))).toBe('E404103');
    expect((await call('ActivateAccount', { token })).status).toBe(200);
    expect(await activationProblem(env, token)).toBe('E409101');
    const late = `${unique('peek-late')}@example.test`;
    await call('CreateAccount', registration(late));
    const lateToken = linkToken((await mailTo(late)).text, '/activation');
    await env.DB.prepare('UPDATE registrations SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1, await sha256Hex(lateToken))
      .run();
    expect(await activationProblem(env, lateToken)).toBe('E410100');
  });
});

describe('forgotten password', () => {
  async function activeAccount() {
    const email = `${unique('reset')}@example.test`;
    await call('CreateAccount', registration(email));
    await call('ActivateAccount', { token: linkToken((await mailTo(email)).text, '/activation') });
    return email;
  }

  it('RST-01/02: same answer for unknown addresses; the link is built from the configured URL, not the Host header', async () => {
    const email = await activeAccount();
    const [known, unknown] = await Promise.all([
      call('ForgotPassword', { email }, { 'X-Forwarded-Host': 'evil.com' }),
      call('ForgotPassword', { email: `${unique('nobody')}@example.test` }),
    ]);
    expect(await known.json()).toEqual(await unknown.json());
    const mail = await mailTo(email, '%Reset%');
    expect(mail.text).toContain('http://127.0.0.1:8787/ns/portal/openbadge/password/reset/');
    expect(mail.text).not.toContain('evil.com');
  });

  it('RST-03/04/05: single use, unlocks, ends every session, and retires older links', async () => {
    const email = await activeAccount();
    const session = /accessToken=([^;]+)/.exec(
      (await call('Login', { email, password: PASSWORD })).headers.getSetCookie().join(';'),
    )?.[1];
    await call('ForgotPassword', { email });
    await call('ForgotPassword', { email });
    const mails = await waitFor(async () => {
      const r = await env.DB.prepare(
        "SELECT text_body AS text FROM dev_mailbox WHERE to_address = ? AND subject LIKE '%Reset%' ORDER BY created_at",
      )
        .bind(email)
        .all<{ text: string }>();
      return r.results.length === 2 ? r.results : null;
    });
    const [older, newer] = mails.map((m) => linkToken(m.text, '/password/reset'));
    // Issue 35, item 5: the page checks the link when opened (live), reading only.
    expect(await resetLinkProblem(env, newer ?? '')).toBeNull();
    expect(await resetLinkProblem(env, newer ?? '')).toBeNull();
    expect(await resetLinkProblem(env, 'x'.repeat(43))).toBe('E410101');
    for (let i = 0; i < 5; i++) await call('Login', { email, password: 'Wrong#pass1' });
    expect((await call('Login', { email, password: PASSWORD })).status).toBe(423);
    const reused = await call('ResetPassword', { token: newer, password: PASSWORD, confirm_password: PASSWORD });
    expect(await reused.json()).toMatchObject({ errors: [{}, { resource_key: 'validation.password_reused' }] });
    expect(
      (await call('ResetPassword', { token: newer, password: 'Fuji#Summit7', confirm_password: 'Fuji#Summit7' }))
        .status,
    ).toBe(200);
    expect(
      await (
        await call('ResetPassword', { token: newer, password: 'Fuji#Summit8', confirm_password: 'Fuji#Summit8' })
      ).json(),
    ).toMatchObject({ errors: [{ code: 'E410101' }] });
    expect([await resetLinkProblem(env, newer ?? ''), await resetLinkProblem(env, older ?? '')]).toEqual([
      'E410101',
      'E410101',
    ]);
    expect(
      await (
        await call('ResetPassword', { token: older, password: 'Fuji#Summit8', confirm_password: 'Fuji#Summit8' })
      ).json(),
    ).toMatchObject({ errors: [{ code: 'E410101' }] });
    const info = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/GetUserInfo`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, Cookie: `accessToken=${session}` },
      body: '{}',
    });
    expect(info.status).toBe(401);
    expect((await call('Login', { email, password: 'Fuji#Summit7' })).status).toBe(200);
  });
});
