import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { awardTo, newBadgeClass, newIssuer } from './issuing-helpers';
import { PASSWORD, login, settingsCall as call, signedIn } from './settings-helpers';

const awardMails = (to: string) =>
  env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'mail' AND payload LIKE ?")
    .bind(`%${to}%`)
    .first<number>('n');

describe('notification settings', () => {
  it('reads and saves the three switches; badge mails off means no award mail, auto receipt on receives', async () => {
    const me = await signedIn();
    expect((await call(me.cookie, 'Notification/Get')).json).toMatchObject({
      receive_badge_mail: true,
      receive_info_mail: true,
      auto_receive: false,
    });
    const off = { receive_badge_mail: false, receive_info_mail: false, auto_receive: true };
    expect((await call(me.cookie, 'Notification/Set', off)).http).toBe(200);
    expect((await call(me.cookie, 'Notification/Get')).json).toMatchObject(off);
    const { apiKey } = await newIssuer('Quiet College');
    const bc = await newBadgeClass(apiKey, { name: 'Quiet Badge' });
    const [id] = (await awardTo(apiKey, bc, [me.email])).ids;
    expect(await awardMails(me.email)).toBe(0);
    const row = await env.DB.prepare('SELECT accept_status FROM assertions WHERE id = ?')
      .bind(id)
      .first<number>('accept_status');
    expect(row).toBe(2);
    expect((await call(me.cookie, 'Notification/Set', { receive_badge_mail: 'no' })).http).toBe(400);
  });
});

describe('password change (spec §4, §5)', () => {
  it('needs the current password, applies the policy and history, and ends every other session', async () => {
    const me = await signedIn();
    const other = await login(me.email);
    const change = (current: string, password: string, confirm = password) =>
      call(me.cookie, 'Password/Change', { current_password: current, password, confirm_password: confirm });
    const wrong = await change('Nope#nope12', 'Harbor#Light77');
    expect(wrong).toMatchObject({ http: 400, code: 'E400105' });
    expect(wrong.message).toMatch(/4/);
    const weak = await change(PASSWORD, 'short');
    expect(weak.code).toBe('E400100');
    const same = await change(PASSWORD, PASSWORD);
    expect(same.json.errors).toContainEqual(
      expect.objectContaining({ field: 'password', resource_key: 'validation.password_reused' }),
    );
    expect((await change(PASSWORD, 'Harbor#Light77', 'Harbor#Light78')).code).toBe('E400100');
    // ACC-04: an address change still pending when the password changes is ended with it.
    await call(me.cookie, 'Email/Add', { email: `pending-${me.id}@example.test`, password: PASSWORD });
    expect((await change(PASSWORD, 'Harbor#Light77')).http).toBe(200);
    const pending = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM account_emails WHERE account_id = ? AND verified_at IS NULL',
    )
      .bind(me.id)
      .first<number>('n');
    expect(pending).toBe(0);
    // This session goes on; the other one is over; only the new password signs in.
    expect((await call(me.cookie, 'Notification/Get')).http).toBe(200);
    expect((await call(other.cookie, 'Notification/Get')).http).toBe(401);
    expect((await login(me.email)).http).toBe(401);
    expect((await login(me.email, 'Harbor#Light77')).http).toBe(200);
  });
});
