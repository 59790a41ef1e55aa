import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE, SAME_ORIGIN, unique } from './helpers';
import { PASSWORD, settingsCall, signedIn } from './settings-helpers';
import { awardTo, newBadgeClass, newIssuer } from './issuing-helpers';

const call = (cookie: string, name: string, body: object = {}) => settingsCall(cookie, `Email/${name}`, body);

/** The code in the `nth` code mail (1-based, oldest first) to an address (the devbox keeps mails in D1). */
async function mailedCode(to: string, nth = 1): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const rows = await env.DB.prepare(
      "SELECT text_body AS text FROM dev_mailbox WHERE to_address = ? AND subject LIKE '%verification code%' ORDER BY created_at, rowid",
    )
      .bind(to)
      .all<{ text: string }>();
    const code = rows.results[nth - 1] ? /\b(\d{6})\b/.exec(rows.results[nth - 1]?.text ?? '')?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail number ${nth} to ${to}`);
}

const list = async (cookie: string) =>
  (await call(cookie, 'List')).json['emails'] as { email: string; primary_yn: string; verified: boolean }[];

describe('email addresses in account settings', () => {
  it('adds an address by mailed code; wrong codes are counted; then it is verified', async () => {
    const me = await signedIn();
    const extra = `${unique('second')}@example.test`;
    expect((await call(me.cookie, 'Add', { email: extra, password: 'Wrong#pass9' })).code).toBe('E400105');
    expect((await call(me.cookie, 'Add', { email: extra, password: PASSWORD })).http).toBe(200);
    expect(await list(me.cookie)).toContainEqual(expect.objectContaining({ email: extra, verified: false }));
    const code = await mailedCode(extra);
    const wrong = code === '000000' ? '111111' : '000000';
    const miss = await call(me.cookie, 'Verify', { email: extra, code: wrong });
    expect(miss.code).toBe('E400102');
    expect(miss.message).toMatch(/4/);
    expect((await call(me.cookie, 'Verify', { email: extra, code })).http).toBe(200);
    expect(await list(me.cookie)).toContainEqual(expect.objectContaining({ email: extra, verified: true }));
    expect((await call(me.cookie, 'Verify', { email: extra, code })).code).toBe('E409109');
    expect((await call(me.cookie, 'Add', { email: extra, password: PASSWORD })).code).toBe('E409107');
  });

  it('ACC-01: a pending address confers nothing, and its owner verifying it removes the claim', async () => {
    const attacker = await signedIn();
    const victim = await signedIn();
    const address = `${unique('victim')}@example.test`;
    await call(attacker.cookie, 'Add', { email: address, password: PASSWORD });
    // Not a way to sign in, not a badge match.
    const login = await exports.default.fetch(`${BASE}/api/v1.0/account/Wallet/Login`, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify({ email: address, password: PASSWORD }),
    });
    expect(login.status).toBe(401);
    const { apiKey } = await newIssuer('Pending College');
    const bc = await newBadgeClass(apiKey, { name: 'Pending Badge' });
    const [id] = (await awardTo(apiKey, bc, [address])).ids;
    const owner = () =>
      env.DB.prepare('SELECT account_id FROM assertions WHERE id = ?').bind(id).first<string | null>('account_id');
    expect(await owner()).toBeNull();
    // The real owner adds and verifies it: the badge becomes theirs, the attacker's claim goes.
    await call(victim.cookie, 'Add', { email: address, password: PASSWORD });
    expect((await call(victim.cookie, 'Verify', { email: address, code: await mailedCode(address, 2) })).http).toBe(
      200,
    );
    expect(await owner()).toBe(victim.id);
    expect((await list(attacker.cookie)).map((e) => e.email)).not.toContain(address);
  });

  it('ACC-02: two accounts verifying one address at once: exactly one wins', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const address = `${unique('both')}@example.test`;
    await call(a.cookie, 'Add', { email: address, password: PASSWORD });
    const codeA = await mailedCode(address);
    await call(b.cookie, 'Add', { email: address, password: PASSWORD });
    const codeB = await mailedCode(address, 2);
    const results = await Promise.all([
      call(a.cookie, 'Verify', { email: address, code: codeA }),
      call(b.cookie, 'Verify', { email: address, code: codeB }),
    ]);
    expect(results.map((r) => r.http).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.http === 409)?.code).toBe('E409108');
    const owners = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM account_emails WHERE email_normalized = ? AND verified_at IS NOT NULL',
    )
      .bind(address)
      .first<number>('n');
    expect(owners).toBe(1);
  });

  it('primary: only a verified address; delete: not the signed-in one, and its badges go with it', async () => {
    const me = await signedIn();
    const extra = `${unique('work')}@example.test`;
    await call(me.cookie, 'Add', { email: extra, password: PASSWORD });
    expect((await call(me.cookie, 'SetPrimary', { email: extra })).code).toBe('E409111');
    await call(me.cookie, 'Verify', { email: extra, code: await mailedCode(extra) });
    expect((await call(me.cookie, 'SetPrimary', { email: extra })).http).toBe(200);
    expect((await list(me.cookie)).find((e) => e.primary_yn === 'Y')?.email).toBe(extra);
    expect((await call(me.cookie, 'Delete', { email: me.email, password: PASSWORD })).code).toBe('E409110');
    const { apiKey } = await newIssuer('Work College');
    const bc = await newBadgeClass(apiKey, { name: 'Work Badge' });
    const [id] = (await awardTo(apiKey, bc, [extra])).ids;
    expect((await call(me.cookie, 'Delete', { email: extra, password: PASSWORD })).http).toBe(200);
    // ACC-03: the removed address is told.
    const notice = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM outbox WHERE kind = 'mail' AND payload LIKE ? AND payload LIKE '%was removed%'",
    )
      .bind(`%${extra}%`)
      .first<number>('n');
    expect(notice).toBe(1);
    const badge = await env.DB.prepare('SELECT deleted_by_owner_at FROM assertions WHERE id = ?')
      .bind(id)
      .first<number | null>('deleted_by_owner_at');
    expect(badge).not.toBeNull();
    // The primary mark went back to the remaining verified address.
    expect(await list(me.cookie)).toEqual([expect.objectContaining({ email: me.email, primary_yn: 'Y' })]);
    expect((await call(me.cookie, 'Delete', { email: 'nobody@example.test', password: PASSWORD })).code).toBe(
      'E404106',
    );
  });

  it('the last verified address cannot be deleted, and nothing answers without a session', async () => {
    const me = await signedIn();
    // A session that signed in otherwise (no login address) still cannot remove the last one.
    await env.DB.prepare('UPDATE sessions SET login_email = NULL WHERE account_id = ?').bind(me.id).run();
    const r = await call(me.cookie, 'Delete', { email: me.email, password: PASSWORD });
    expect(r.code).toBe('E409112');
    expect((await call('', 'List')).http).toBe(401);
  });
});
