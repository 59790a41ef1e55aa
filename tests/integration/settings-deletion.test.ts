import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { tombstoneKey } from '../../src/server/accounts/registration';
import { JOB_HANDLERS } from '../../src/server/jobs/handlers';
import type { PurgeAccount } from '../../src/server/outbox/payloads';
import { chunk, png } from '../support/png';
import { BASE, SAME_ORIGIN } from './helpers';
import { awardTo, b64, newBadgeClass, newIssuer } from './issuing-helpers';
import { PASSWORD, login, settingsCall as call, signedIn } from './settings-helpers';

const publicCall = async (name: string, body: object) =>
  (
    await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/${name}`, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify(body),
    })
  ).status;

describe('account deletion (ACC-10..12)', () => {
  it('asks for a reason and the password; then every public surface answers 404 at once', async () => {
    const me = await signedIn();
    const { apiKey } = await newIssuer('Farewell College');
    const bc = await newBadgeClass(apiKey, { name: 'Farewell Badge' });
    const [badge] = (await awardTo(apiKey, bc, [me.email])).ids;
    await env.DB.prepare('UPDATE assertions SET accept_status = 2, is_public = 1 WHERE id = ?').bind(badge).run();
    await env.BUCKET.put(`share/${badge}/abc.png`, new Uint8Array([1]));
    const avatar = await call(me.cookie, 'Profile/Image', {
      image: b64(png(300, 300, chunk('IDAT', new Uint8Array(8)))),
      file_name: 'me.png',
    });
    const avatarUrl = avatar.json['profile_image'] as string;
    expect(await publicCall('GetAssertion', { assertion_id: badge })).toBe(200);

    expect((await call(me.cookie, 'Account/Delete', { reason: 9, password: PASSWORD })).code).toBe('E400100');
    expect((await call(me.cookie, 'Account/Delete', { reason: 4, password: 'Wrong#pass11' })).code).toBe('E400105');
    const done = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Setting/Account/Delete`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, Cookie: me.cookie },
      body: JSON.stringify({ reason: 4, password: PASSWORD }),
    });
    expect(done.status).toBe(200);
    expect(done.headers.getSetCookie().some((c) => /^accessToken=;/.test(c))).toBe(true);

    // At once: the badge, the public wallet, the picture, the session, the login.
    expect(await publicCall('GetAssertion', { assertion_id: badge })).toBe(404);
    expect(await publicCall('FindList', { account_id: me.id })).toBe(404);
    expect((await exports.default.fetch(`${BASE}${avatarUrl}`)).status).toBe(404);
    expect((await call(me.cookie, 'Profile/Get')).http).toBe(401);
    expect((await login(me.email)).http).toBe(401);
    // Kept without personal data: the reason, and the address only as a keyed hash.
    const tomb = await env.DB.prepare('SELECT 1 AS x FROM email_tombstones WHERE email_hash = ?')
      .bind(await tombstoneKey(me.email))
      .first();
    expect(tomb).not.toBeNull();
    const row = await env.DB.prepare('SELECT status, first_name, password_hash FROM accounts WHERE id = ?')
      .bind(me.id)
      .first();
    expect(row).toEqual({ status: 'deleted', first_name: '', password_hash: null });

    // The R2 clean-up job, run twice as a redelivered message would be: everything gone, no error.
    const job = await env.DB.prepare("SELECT payload FROM outbox WHERE kind = 'purge_account' AND payload LIKE ?")
      .bind(`%${me.id}%`)
      .first<string>('payload');
    const payload = JSON.parse(job ?? '{}') as PurgeAccount;
    await JOB_HANDLERS.purge_account(env, 'purge', payload, Date.now());
    await JOB_HANDLERS.purge_account(env, 'purge', payload, Date.now());
    expect((await env.BUCKET.list({ prefix: `avatars/${me.id}/` })).objects).toHaveLength(0);
    expect(await env.BUCKET.head(`share/${badge}/abc.png`)).toBeNull();
  });

  it('ACC-12: the address cannot register again', async () => {
    const me = await signedIn();
    expect((await call(me.cookie, 'Account/Delete', { reason: 5, password: PASSWORD })).http).toBe(200);
    const res = await exports.default.fetch(`${BASE}/api/v1.0/account/Wallet/CreateAccount`, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify({
        email: me.email,
        first_name: 'New',
        last_name: 'Person',
        password: 'Harbor#Light77',
        confirm_password: 'Harbor#Light77',
        agree_term_of_service: true,
      }),
    });
    // The same answer as for any address (no enumeration), but no registration waits for activation.
    expect(res.status).toBe(200);
    const pending = await env.DB.prepare('SELECT COUNT(*) AS n FROM registrations WHERE email_normalized = ?')
      .bind(me.email)
      .first<number>('n');
    expect(pending).toBe(0);
  });

  it('ACC-11: an award that arrives after the deletion finds no account and attaches nothing', async () => {
    const me = await signedIn();
    expect((await call(me.cookie, 'Account/Delete', { reason: 3, password: PASSWORD })).http).toBe(200);
    const { apiKey } = await newIssuer('Late College');
    const bc = await newBadgeClass(apiKey, { name: 'Late Badge' });
    const [late] = (await awardTo(apiKey, bc, [me.email])).ids;
    const row = await env.DB.prepare('SELECT account_id FROM assertions WHERE id = ?')
      .bind(late)
      .first<string | null>('account_id');
    expect(row).toBeNull();
    const notes = await env.DB.prepare('SELECT COUNT(*) AS n FROM notifications WHERE account_id = ?')
      .bind(me.id)
      .first<number>('n');
    expect(notes).toBe(0);
  });
});
