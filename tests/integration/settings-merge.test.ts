import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { completionNotices, unique } from './helpers';
import { awardTo, newBadgeClass, newIssuer } from './issuing-helpers';
import { PASSWORD, login, settingsCall as call, signedIn } from './settings-helpers';

const merge = (cookie: string, name: string, body: object) => call(cookie, `Merge/${name}`, body);

async function importRow(accountId: string, externalId: string) {
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO host_assertions (id, account_id, external_id, assertion_json, badge_json, issuer_json, name, description,
       issuer_name, recipient_email, issued_on, verified_at, created_at, updated_at)
     VALUES (?, ?, ?, '{}', '{}', '{}', 'Imported', '', 'Elsewhere', 'x@example.test', ?, ?, ?, ?)`,
  )
    .bind(unique('host'), accountId, externalId, now, now, now, now)
    .run();
}
const count = (sql: string, ...params: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...params)
    .first<number>('n');

describe('account merge (ACC-05..09)', () => {
  it('proves the other account, shows what moves, and moves it all in one step', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const { apiKey } = await newIssuer('Merge College');
    const bc = await newBadgeClass(apiKey, { name: 'Merged Badge' });
    const [theirs] = (await awardTo(apiKey, bc, [other.email])).ids;
    await importRow(other.id, 'https://elsewhere.example/a/1');
    await importRow(other.id, 'https://elsewhere.example/a/shared');
    await importRow(me.id, 'https://elsewhere.example/a/shared');

    expect((await merge(me.cookie, 'Prove', { email: me.email, password: PASSWORD })).code).toBe('E409114');
    expect((await merge(me.cookie, 'Prove', { email: other.email, password: 'Wrong#pass11' })).code).toBe('E401102');
    const proven = await merge(me.cookie, 'Prove', { email: other.email, password: PASSWORD });
    expect(proven.json).toMatchObject({ status: 200, badges: 1, imports: 2, emails: 1 });
    const id = proven.json['merge_id'] as string;

    expect((await merge(me.cookie, 'Confirm', { merge_id: id, password: 'Wrong#pass11' })).code).toBe('E400105');
    expect((await merge(me.cookie, 'Confirm', { merge_id: id, password: PASSWORD })).http).toBe(200);
    // Badges, addresses and imports are here, each once (ACC-07).
    expect(await count('SELECT account_id AS n FROM assertions WHERE id = ?', theirs)).toBe(me.id);
    expect(await count('SELECT COUNT(*) AS n FROM host_assertions WHERE account_id = ?', me.id)).toBe(2);
    expect(await count('SELECT COUNT(*) AS n FROM host_assertions WHERE account_id = ?', other.id)).toBe(0);
    const emails = await env.DB.prepare(
      'SELECT email, is_primary FROM account_emails WHERE account_id = ? ORDER BY is_primary DESC',
    )
      .bind(me.id)
      .all<{ email: string; is_primary: number }>();
    expect(emails.results).toEqual([
      { email: me.email, is_primary: 1 },
      { email: other.email, is_primary: 0 },
    ]);
    // The merged account is closed: its session and its login are gone (ACC-09).
    expect((await call(other.cookie, 'Profile/Get')).http).toBe(401);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM accounts WHERE id = ? AND status = 'merged' AND merged_into = ?",
        other.id,
        me.id,
      ),
    ).toBe(1);
    // The address now signs in to this account.
    expect((await login(other.email)).http).toBe(200);
    // Confirming again changes nothing and answers as before (ACC-08).
    expect((await merge(me.cookie, 'Confirm', { merge_id: id, password: PASSWORD })).http).toBe(200);
    // One "process completed", counting the badge and the import not already held (issue 8).
    expect(await completionNotices(me.id)).toEqual([
      {
        key: 'notifications.merge_done',
        params: { email: other.email, count: 2 },
        url: '/ns/portal/openbadge/assertions',
      },
    ]);
  });

  it('by mailed code; a source merged elsewhere meanwhile is refused (ACC-05)', async () => {
    const me = await signedIn();
    const third = await signedIn();
    const other = await signedIn();
    expect((await merge(me.cookie, 'SendCode', { email: other.email })).http).toBe(200);
    expect((await merge(me.cookie, 'SendCode', { email: 'nobody-here@example.test' })).http).toBe(200);
    const mail = await (async () => {
      for (let i = 0; i < 60; i++) {
        const row = await env.DB.prepare(
          "SELECT text_body AS t FROM dev_mailbox WHERE to_address = ? AND subject LIKE '%merge%' ORDER BY created_at DESC",
        )
          .bind(other.email)
          .first<string>('t');
        if (row) return row;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('no merge mail');
    })();
    const code = /\b(\d{6})\b/.exec(mail)?.[1] ?? '';
    const proven = await merge(me.cookie, 'Prove', { email: other.email, code });
    expect(proven.json).toMatchObject({ status: 200, emails: 1 });
    // Meanwhile a third account merges the same source first.
    const first = await merge(third.cookie, 'Prove', { email: other.email, password: PASSWORD });
    await merge(third.cookie, 'Confirm', { merge_id: first.json['merge_id'], password: PASSWORD });
    const late = await merge(me.cookie, 'Confirm', { merge_id: proven.json['merge_id'], password: PASSWORD });
    expect(late.code).toBe('E409115');
    expect(await count('SELECT COUNT(*) AS n FROM account_emails WHERE account_id = ?', me.id)).toBe(1);
  });
});
